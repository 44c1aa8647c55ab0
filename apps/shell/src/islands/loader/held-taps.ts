import { ISLAND, ISLAND_UNAVAILABLE, LEFT_BEFORE_CODE, type MarkedField } from '@agri/ui/island-protocol';
import type { PageLoader } from './islands-loader';

const WOKEN_BY_TOUCH = `[${ISLAND.hydration}~="interaction"]`;

/**
 * Makes the islands woken by a touch answer before their code is in. The first touch or focus in one asks for it
 * (on a button that opens something, its click, once that is open); until it is in, a tap on one of its buttons or
 * a form sent shows that it is starting (aria-busy) and is carried out once, when it is; a field left is marked, so
 * that it counts as touched. A link is left to the browser.
 */
export function holdTaps(loader: PageLoader): void {
  const waiting = (target: EventTarget | null): HTMLElement | null => {
    const island = target instanceof Element ? target.closest<HTMLElement>(WOKEN_BY_TOUCH) : null;
    // A link is the browser's; the Retry of an island that could not come is the loader's own.
    if (!island || loader.wholePage || island.getAttribute(ISLAND.state) === 'ready') return null;
    return (target as Element).closest(`a[href], .${ISLAND_UNAVAILABLE}`) ? null : island;
  };
  const listen = <K extends keyof DocumentEventMap>(type: K, handle: (event: DocumentEventMap[K], island: HTMLElement) => void) =>
    document.addEventListener(
      type,
      (event) => {
        const island = waiting(event.target);
        if (island) handle(event, island);
      },
      true,
    );
  const hold = (event: Event, island: HTMLElement, control: HTMLElement, run: (control: HTMLElement) => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    loader.hold(island, { control, index: [...island.querySelectorAll(control.localName)].indexOf(control), run });
  };
  // A button that opens something (the menu, a dialog) is asked for at its click, after what it opens: the code's
  // fetches, started between the finger down and the click, held the dialog back 80 ms on a phone's processor.
  const opens = (target: EventTarget | null) => (target as Element).closest('button[commandfor]') !== null;
  listen('pointerdown', ({ target }, island) => opens(target) || loader.ask(island));
  listen('focusin', ({ target }, island) => opens(target) || loader.ask(island));
  // A property, not an attribute: the hydration finds the field's attributes as they were made (use-site-form.ts).
  listen('focusout', ({ target }) => {
    if ((target as Element).matches('input, textarea, select')) (target as MarkedField)[LEFT_BEFORE_CODE] = true;
  });
  listen('click', (event, island) => {
    const button = (event.target as Element).closest('button');
    // A button that opens or closes something on the page (the menu) answers at once, from the page alone.
    if (button?.hasAttribute('commandfor')) {
      answerCommand(button);
      loader.ask(island);
    } else if (button) hold(event, island, button, (control) => control.click());
  });
  // Sent by a button, or by Enter in a field (the form).
  listen('submit', (event, island) => {
    const by = event.submitter;
    const form = event.target as HTMLFormElement;
    hold(event, island, by ?? form, (control) =>
      control instanceof HTMLFormElement ? control.requestSubmit() : (control as HTMLButtonElement).form?.requestSubmit(control),
    );
  });
}

/**
 * A button's invoker command (`commandfor`, `command`: show-modal or close) carried out for a browser that has none
 * of its own; a browser that has them carries it out after this click.
 */
function answerCommand(button: HTMLButtonElement): void {
  const dialog = document.getElementById(button.getAttribute('commandfor')!) as HTMLDialogElement | null;
  if ('command' in button || !dialog) return;
  if (button.getAttribute('command') === 'close') dialog.close();
  else if (!dialog.open) dialog.showModal();
}

import { ISLAND, ISLAND_UNAVAILABLE, ownerOf, SHELL_OWNER, type IslandLoader, type IslandState, type PageCode } from '@agri/ui/island-protocol';
import { element } from './page';

/** A tap or a form sent before its island's code was in: carried out once, when it is. */
interface HeldAction {
  control: HTMLElement;
  /** Its place among the island's elements of its kind, to find the one in its place if React drew it afresh. */
  index: number;
  run: (control: HTMLElement) => void;
}

/** The loader's side of `window.agriIslands`, with what its other parts ask of it. */
export interface PageLoader extends IslandLoader {
  /**
   * Asks for the site's code (once, until it fails): the shell's entry and, all at once, what it will load for
   * the islands of `owners` (every owner's when none are named: the shell renders the page afresh).
   */
  askForCode: (owners?: string[]) => void;
  codeAsked: boolean;
  /** Holds what the visitor did in an island until it is in. */
  hold: (island: HTMLElement, action: HeldAction) => void;
  /** An island whose code could not come, asked for again. */
  tryAgain: (island: HTMLElement) => void;
}

const stateOf = (island: HTMLElement) => island.getAttribute(ISLAND.state) as IslandState | null;
const setState = (island: HTMLElement, state: IslandState) => island.setAttribute(ISLAND.state, state);

/**
 * A tap shows that it was heard (its pending state painted) before the code that comes for it runs: on a phone's
 * processor the shell's first evaluation, started from the tap, held that paint back 100 to 200 ms.
 */
const afterNextPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run, 0));

/**
 * The loader the shell's entry takes over (islands.tsx): it hydrates the islands queued, and those asked for later,
 * and says when each is in, or could not come.
 */
export function createLoader(code: PageCode): PageLoader {
  const pending = new Map<HTMLElement, HeldAction>();
  // The owners whose code was fetched: each once, until some code could not come (then again, for Retry).
  const fetched = new Set<string>();
  const release = (island: HTMLElement) => {
    const action = pending.get(island);
    pending.delete(island);
    action?.control.removeAttribute('aria-busy');
    return action;
  };
  const loader: PageLoader = {
    queue: [],
    hydrate: null,
    wholePage: false,
    shellFailed: false,
    codeAsked: false,
    hydrated(island) {
      setState(island, 'ready');
      const action = release(island);
      if (!action) return;
      // The same control, or the one in its place if React had to draw the island afresh.
      const control = action.control.isConnected ? action.control : island.querySelectorAll<HTMLElement>(action.control.localName)[action.index];
      if (control) action.run(control);
    },
    failed(island) {
      setState(island, 'failed');
      fetched.clear();
      release(island);
      if (!island.querySelector(`.${ISLAND_UNAVAILABLE}`)) island.append(unavailableNotice(loader, island));
    },
    startFailed() {
      loader.shellFailed = true;
      for (const island of loader.queue.splice(0)) loader.failed(island);
    },
    ask(island) {
      if (stateOf(island) || loader.wholePage || loader.shellFailed) return;
      setState(island, 'starting');
      const owner = ownerOf(island.getAttribute(ISLAND.name)!);
      if (loader.hydrate) {
        fetchCode(code, fetched, [owner]);
        loader.hydrate(island);
      } else {
        loader.queue.push(island);
        afterNextPaint(() => loader.askForCode([owner]));
      }
    },
    hold(island, action) {
      action.control.setAttribute('aria-busy', 'true');
      pending.set(island, action);
      loader.ask(island);
    },
    tryAgain(island) {
      island.querySelector(`.${ISLAND_UNAVAILABLE}`)?.remove();
      island.removeAttribute(ISLAND.state);
      loader.ask(island);
    },
    askForCode(owners) {
      fetchCode(code, fetched, owners ?? Object.keys(code.preloads));
      if (loader.codeAsked) return;
      loader.codeAsked = true;
      const entry = element('script', { src: code.entry });
      entry.addEventListener('error', () => {
        entry.remove();
        loader.codeAsked = false;
        for (const island of loader.queue.splice(0)) loader.failed(island);
      });
      document.head.append(entry);
    },
  };
  return loader;
}

/**
 * Fetches the code of each owner named (the shell's always) that `fetched` has not, all of it at once, into the
 * HTTP cache, where the scripts find it. Fetched, not <link rel="preload">: a preload that failed (offline, a
 * dropped link) answers the same script's later request with its failure, for the life of the page, so that Retry
 * could never succeed.
 */
function fetchCode(code: PageCode, fetched: Set<string>, owners: string[]): void {
  for (const owner of [SHELL_OWNER, ...owners]) {
    if (fetched.has(owner)) continue;
    fetched.add(owner);
    for (const url of code.preloads[owner] ?? []) fetch(url, { mode: 'no-cors' }).catch(() => undefined);
  }
}

/** Said in an island whose code could not come, with Retry; without it once the shell's code failed to start (Reload is offered). */
function unavailableNotice(loader: PageLoader, island: HTMLElement): HTMLElement {
  const notice = element('p', { className: ISLAND_UNAVAILABLE, textContent: 'This section is temporarily unavailable. ' });
  notice.setAttribute('role', 'alert');
  if (!loader.shellFailed) {
    const retry = element('button', { type: 'button', className: 'ui-button ui-button--secondary', textContent: 'Retry' });
    retry.addEventListener('click', () => loader.tryAgain(island));
    notice.append(retry);
  }
  return notice;
}

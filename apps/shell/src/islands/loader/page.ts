import { PAGE_ELEMENT, type PageCode, type PageState } from '@agri/ui/island-protocol';

/** What the prerenderer wrote into the page for its loader: what it was made from, and its islands' code. */
export interface Page {
  state: PageState;
  code: PageCode;
}

const json = (id: string): unknown => JSON.parse(document.getElementById(id)!.textContent!);

/** The page's two JSON elements, as page-html.mjs wrote them (the shell's code checks the state again as it reads it). */
export const readPage = (): Page => ({ state: json(PAGE_ELEMENT.state) as PageState, code: json(PAGE_ELEMENT.code) as PageCode });

/** Changes each element of the page that `selector` finds. */
export const each = <E extends Element = HTMLElement>(selector: string, change: (element: E) => void): void =>
  document.querySelectorAll<E>(selector).forEach(change);

/** A new element with these properties. */
export const element = <K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]>): HTMLElementTagNameMap[K] =>
  Object.assign(document.createElement(tag), properties);

/** The connection as the browser tells it (Chromium's Network Information API), if it does. */
export const connection = (): { saveData?: boolean; effectiveType?: string } | undefined =>
  (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;

/** Runs `run` once the page has loaded and the browser is idle (at most 3 s later). */
export function onceIdle(run: () => void): void {
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 500));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

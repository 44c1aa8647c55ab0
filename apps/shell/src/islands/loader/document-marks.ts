import { ISLAND, KEEPS_QUERY, PRERENDERED_STYLE, SAVE_DATA, SHELL_STATE } from '@agri/ui/island-protocol';
import { connection, each, element } from './page';

/** Given by the build (tooling/build/rspack-app.mjs): the speculation rules, whose hash the policy allows. */
declare const SPECULATION_RULES: string;

/**
 * Marks the document as answering (a tap is held for its island): what the e2e suites wait for on any page. When
 * the visitor saves data, the style sheets leave decoration out (marked in the same task, before anything is
 * displayed); otherwise, unless the link is 2G, the next page's document is fetched as the visitor points at its
 * link (speculation rules): not for one who pays for every byte.
 */
export function markAnswering(): void {
  const root = document.documentElement;
  root.setAttribute(SHELL_STATE, 'islands');
  const link = connection();
  if (link?.saveData) root.setAttribute(SAVE_DATA, '');
  else if (!/(^|-)2g$/.test(link?.effectiveType ?? '')) {
    document.head.append(element('script', { type: 'speculationrules', textContent: SPECULATION_RULES }));
  }
}

/**
 * Gives the page what React's server HTML could not carry: the style attributes it wrote (kept as data, since the
 * policy forbids inline styles), the page's query on the links that keep it, and the buttons of the islands woken by a touch, which answer from the start (the
 * site's code renders them disabled until it runs: useInteractive).
 */
export function restorePage(): void {
  each<HTMLButtonElement>(`[${ISLAND.hydration}~="interaction"] button[disabled]`, (button) => (button.disabled = false));
  each(`[${PRERENDERED_STYLE}]`, (styled) => {
    styled.style.cssText = styled.getAttribute(PRERENDERED_STYLE)!;
    styled.removeAttribute(PRERENDERED_STYLE);
  });
  each<HTMLAnchorElement>(`a[${KEEPS_QUERY}]`, (link) => (link.search = location.search));
}

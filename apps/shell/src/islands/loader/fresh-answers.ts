import { ISLAND, type PageState } from '@agri/ui/island-protocol';
import type { PageLoader } from './islands-loader';
import { each, onceIdle } from './page';

const read = (url: string, headers: Record<string, string>) =>
  fetch(url, { headers: { Accept: 'application/json', ...headers }, credentials: 'omit', signal: AbortSignal.timeout(15_000) });
const gone = (response: Response) => response.status === 404 || response.status === 410;

/** An answer's hash as the prerenderer took it (bodyHash in tooling/prerender/prerender.mjs): SHA-256, base64. */
const hashOf = async (body: ArrayBuffer): Promise<string> => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', body))));

/**
 * The answer at `url` if it is no longer what the page was made from, by its ETag (a 304 when not) or, for one that
 * came without, by its body's hash.
 */
const changedSince = (url: string, etag: string | undefined, hash?: string): Promise<string | null> =>
  read(url, etag ? { 'If-None-Match': etag } : {})
    .then(async (response) => (response.ok ? etag !== undefined || (await hashOf(await response.arrayBuffer())) !== hash : gone(response)))
    .then(
      (changed) => (changed ? url : null),
      () => null,
    );

/**
 * Once the browser is idle, asks the API whether the answers the page was made from changed, and hydrates an island
 * that shows them (`changed`) only when one of its own did (the page says which answers each island shows; a page
 * made before they were noted: every such island).
 */
export function confirmAnswers(loader: PageLoader, page: PageState): void {
  onceIdle(() => {
    const urls = Object.keys({ ...page.validators, ...page.answerHashes });
    void Promise.all(urls.map((url) => changedSince(url, page.validators?.[url], page.answerHashes?.[url]))).then((results) => {
      const changed = results.filter((url) => url !== null);
      if (!changed.length) return;
      each(`[${ISLAND.hydration}~="changed"]`, (island) => {
        const { answers } = page.islands;
        const shows = answers ? (answers[island.getAttribute(ISLAND.index) ?? ''] ?? []) : null;
        if (!shows || shows.some((url) => changed.includes(url))) loader.ask(island);
      });
    });
  });
}

/** What an island shows stops holding at its time (an event that has ended): it is hydrated then, drawn for today. */
export function wakeWhenOutOfDate(loader: PageLoader): void {
  each(`[${ISLAND.until}]`, (island) => {
    const wait = Date.parse(island.getAttribute(ISLAND.until)!) - Date.now();
    if (!(wait > 0)) loader.ask(island);
    else if (wait < 2 ** 31) setTimeout(() => loader.ask(island), wait);
  });
}

/**
 * A part that moves (a carousel) is hydrated as it comes within 200 px of the window: a visitor who never scrolls
 * there runs none of its code. The island's element has no box of its own (display: contents): its content is watched.
 */
export function wakeNearWindow(loader: PageLoader): void {
  const observer =
    'IntersectionObserver' in window &&
    new IntersectionObserver(
      (entries, watching) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          watching.unobserve(entry.target);
          loader.ask(entry.target.parentElement!);
        }
      },
      { rootMargin: '200px 0px' },
    );
  each(`[${ISLAND.hydration}~="visible"]`, (island) => {
    if (observer && island.firstElementChild) observer.observe(island.firstElementChild);
    else loader.ask(island);
  });
}

/**
 * Which API answers a call read, by URL: a prerendered page says which of its islands shows which answer, so that
 * an answer that changed wakes only the island that shows it (apps/shell/src/islands/loader). A call reads
 * its URL before its first await (http.ts), so the calls started within `start` are the ones it made.
 */
let noting: Set<string> | null = null;

/** A GET of `url` starts (http.ts). */
export function noteAnswerRead(url: string): void {
  noting?.add(url);
}

/** Starts the calls of `start`, and says which URLs they read. */
export function answersReadBy<T>(start: () => T): { result: T; urls: string[] } {
  const urls = new Set<string>();
  const outer = noting;
  noting = urls;
  try {
    return { result: start(), urls: [...urls] };
  } finally {
    noting = outer;
  }
}

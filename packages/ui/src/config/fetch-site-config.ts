// The one reader of config.json for the site's code: the shell's start and a remote running alone (standalone.tsx),
// with the same time limits and words for what is wrong. Not shared through Module Federation (each build has its
// own copy): the shell reads config.json before any sharing exists. The page's loader (a few KB, no imports) and the
// service worker (which keeps its text) read it their own small way.
export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

/**
 * How long config.json's answer may take to start, then to arrive whole: a hung server or a dead link ends
 * in the error page with its reason, not in a spinner for ever. Two budgets, so that a phone whose main
 * thread is busy reading the body late is not taken for a broken file (one 5 s budget for both said "not
 * valid JSON" to a busy browser).
 */
export const CONFIG_TIMEOUTS = { answerMs: 5000, bodyMs: 10_000 };

const timeout = (ms: number) => new DOMException(`no answer within ${ms / 1000} s`, 'TimeoutError');

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));

/** Fetches config.json as JSON, not yet checked (site-config.ts checks it); every failure names what is wrong. */
export async function fetchSiteConfig(url = '/config.json', { answerMs, bodyMs } = CONFIG_TIMEOUTS): Promise<unknown> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(timeout(answerMs)), answerMs);
  try {
    let response: Response;
    try {
      // No cache mode of its own: the page's <link rel="preload"> for config.json must be the request it takes.
      response = await fetch(url, { signal: controller.signal });
    } catch (error) {
      throw new SiteConfigError(`${url} could not be fetched: ${(error as Error).message}`);
    }
    if (!response.ok) throw new SiteConfigError(`${url} answered HTTP ${response.status}.`);
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(timeout(bodyMs)), bodyMs);
    let body: string;
    try {
      // Raced with the signal: not every fetch stops a body's stream when its request is aborted.
      body = await Promise.race([response.text(), aborted(controller.signal)]);
    } catch (error) {
      throw new SiteConfigError(`${url} could not be fetched: ${(error as Error).message}`);
    }
    try {
      return JSON.parse(body);
    } catch {
      throw new SiteConfigError(`${url} is not valid JSON.`);
    }
  } finally {
    clearTimeout(timer);
  }
}

import type { TransportRequest, TransportResult } from './transport';

/**
 * The ETags of the answers a prerendered page was made with, by URL. The first read of each asks whether it
 * changed (If-None-Match), so that confirming an unchanged answer costs a 304 (an ApiError of status 304 to the
 * caller, which keeps what it shows); after that the browser's own cache revalidates (the API sends no-cache).
 */
const heldAnswers = new Map<string, string>();

/** Hands the client the ETags a prerendered page's answers carried (restoreDataAreas). */
export function holdAnswers(validators: Record<string, string>): void {
  heldAnswers.clear();
  for (const [url, etag] of Object.entries(validators)) heldAnswers.set(url, etag);
}

/** The ETag a prerendered page holds for this read (its whole URL), given once: the next read of it is an ordinary one. */
export function takeHeldAnswer(url: string): string | null {
  const etag = heldAnswers.get(url) ?? null;
  heldAnswers.delete(url);
  return etag;
}

/**
 * Asks whether a held answer changed, with fetch alone rather than the API client's transport: a page just
 * taken over revalidates every answer it shows, and axios (about 21 KB gzip, and its evaluation on a phone's
 * processor) must not come onto every first load for that. A 304 needs nothing more; the outcome is described
 * as the transport describes it, so the caller treats both alike.
 */
export async function askIfChanged(request: Omit<TransportRequest, 'method' | 'data'>, etag: string): Promise<TransportResult> {
  let response: Response;
  try {
    response = await fetch(new URL(request.url, request.baseURL), {
      headers: { Accept: 'application/json', ...request.headers, 'If-None-Match': etag },
      credentials: request.withCredentials ? 'include' : 'omit', // as the transport sends it
      signal: AbortSignal.timeout(request.timeout),
    });
  } catch (error) {
    // By name: the DOMException of the fetch in use may not be this realm's.
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    return { ok: false, failure: { kind: timedOut ? 'timeout' : 'network', detail: String(error) } };
  }
  if (response.status === 304) return { ok: false, failure: { kind: 'http', status: 304, data: null } };
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { ok: false, failure: { kind: 'network', detail: String(error) } };
  }
  const data = readBody(text);
  return response.ok ? { ok: true, data } : { ok: false, failure: { kind: 'http', status: response.status, data } };
}

/** The body as JSON, or as the text it is when it is not JSON (the contract's reader then refuses it, as with axios). */
function readBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

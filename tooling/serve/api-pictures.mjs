// @ts-check
// The API's pictures on the site's own origin: the site's server passes a path such as /static/ on to the API
// (docs/production.md), so a page's main picture comes over the page's connection instead of waiting for one
// to the API's origin. Pictures only: anything else the API might answer there never reaches a visitor as the
// site's own.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */
/** @typedef {Record<string, string | number>} Headers */
/** @typedef {Record<string, string | string[] | undefined>} AnswerHeaders */
/** @typedef {{ headers: AnswerHeaders, body: Buffer, expiresAt: number }} KeptPicture */
/** @typedef {ReturnType<typeof pictureCache>} PictureCache */
/** @typedef {{ path: string, origin: string, cache?: PictureCache | null, answerWithinMs?: number, wholeWithinMs?: number }} PicturesServing */

/**
 * What the site's server passes on for the site's config (`api.picturesPath`, pictureUrl): the path, the API's origin and a cache, or null.
 *
 * @type {(api: { picturesPath?: string | null, apiBaseUrl: string }) => PicturesServing | null}
 */
export const apiPicturesOf = (api) => (api.picturesPath ? { path: api.picturesPath, origin: new URL(api.apiBaseUrl).origin, cache: pictureCache() } : null);

/** The request's headers the API is given: what it needs to choose and revalidate a picture, and no cookie or credential. */
const PASSED_REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'save-data'];

/** The answer's headers the visitor is given. */
const PASSED_ANSWER_HEADERS = ['content-type', 'content-length', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'expires', 'vary'];

/**
 * A picture opened on its own (an SVG can carry script) runs nothing and loads nothing on the site's origin:
 * it is shown, as in an `<img>`, and no more.
 */
export const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** How long the API may stay silent before the visitor gets 504 (the picture's fallback shows). */
const ANSWER_WITHIN_MS = 10_000;
/** How long a whole answer may take: an API that trickles a picture holds none of the site's connections longer. */
const WHOLE_WITHIN_MS = 20_000;

/**
 * Whether a path is one the API is asked for: under the pictures' path, and nothing in it that the API could
 * read as another path (an encoded slash, backslash or dot segment, or a NUL).
 *
 * @type {(pathname: string, path: string) => boolean}
 */
export const isPicturePath = (pathname, path) => pathname.startsWith(path) && !/%2f|%5c|%00|%2e/i.test(pathname);

/**
 * The pictures the site's server keeps, so that a page's pictures are not each a request to the API: at most
 * `maxBytes` in all and `maxItemBytes` each (a larger one is passed on, not kept), each for as long as the API's
 * Cache-Control allows and never more than `maxAgeSeconds` (a picture the API changes is seen within that),
 * the least recently used going first. Keyed by path, encoding and Save-Data: the API may send each its own bytes.
 */
export function pictureCache({ maxBytes = 32 * 2 ** 20, maxItemBytes = 2 ** 20, maxAgeSeconds = 300, now = Date.now } = {}) {
  /** @type {Map<string, KeptPicture>} */
  const entries = new Map();
  let bytes = 0;
  /** @param {string} key */
  const drop = (key) => {
    bytes -= entries.get(key)?.body.length ?? 0;
    entries.delete(key);
  };
  return {
    maxItemBytes,
    /** @param {string} key */
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      drop(key);
      if (entry.expiresAt <= now()) return null;
      entries.set(key, entry); // the most recently used last
      bytes += entry.body.length;
      return entry;
    },
    /**
     * Keeps a 200's body and headers, if the API's Cache-Control lets a shared cache keep it.
     *
     * @param {string} key
     * @param {AnswerHeaders} headers
     * @param {Buffer} body
     */
    set(key, headers, body) {
      const rule = String(headers['cache-control'] ?? '');
      const maxAge = Number(/(?:^|,)\s*(?:s-maxage|max-age)=(\d+)/i.exec(rule)?.[1] ?? 0);
      if (/no-store|no-cache|private/i.test(rule) || maxAge <= 0 || body.length > maxItemBytes) return;
      drop(key);
      entries.set(key, { headers, body, expiresAt: now() + Math.min(maxAge, maxAgeSeconds) * 1000 });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}

/**
 * The one encoding asked of the API for a visitor's Accept-Encoding (so a picture is kept once per encoding).
 *
 * @type {(accept?: string) => string}
 */
const encodingFor = (accept = '') => (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity');

/**
 * Answers a kept picture: a 304 when the visitor's validator matches it, else its bytes (none for HEAD).
 *
 * @param {KeptPicture} entry
 * @param {Request} request
 * @param {Response} response
 * @param {Headers} common
 */
function answerKept(entry, request, response, common) {
  /** @type {AnswerHeaders | Headers} */
  const headers = { ...common, ...entry.headers, 'Content-Security-Policy': PICTURE_POLICY };
  if (entry.headers.etag && request.headers['if-none-match'] === entry.headers.etag) {
    delete headers['content-length'];
    return response.writeHead(304, headers).end();
  }
  response.writeHead(200, { ...headers, 'content-length': entry.body.length });
  response.end(request.method === 'HEAD' ? undefined : entry.body);
}

/**
 * Answers a GET or HEAD under the pictures' path with the API's answer for the same path: a picture (`image/*`)
 * with its validators and cache rule, or a 304; 404 for anything else it answers (a page, JSON, a redirect),
 * 502 when it cannot be reached, 504 when it is silent for `answerWithinMs` or its whole answer takes longer than
 * `wholeWithinMs`. A picture is kept in `cache` (pictureCache) and answered from there while it is fresh.
 * `common` are the site's headers.
 *
 * @param {PicturesServing} pictures
 * @param {URL} url
 * @param {Request} request
 * @param {Response} response
 * @param {Headers} common
 */
export function passPictureOn({ origin, cache, answerWithinMs = ANSWER_WITHIN_MS, wholeWithinMs = WHOLE_WITHIN_MS }, url, request, response, common) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  // A phone that saves data is sent a narrower picture at the same address (the API's Vary: Save-Data).
  const saveData = /^\s*on\s*$/i.test(String(request.headers['save-data'] ?? ''));
  const key = `${url.pathname}${url.search}\0${encoding}${saveData ? '\0save-data' : ''}`;
  const kept = cache?.get(key);
  if (kept) return answerKept(kept, request, response, common);
  const target = new URL(`${url.pathname}${url.search}`, origin);
  const headers = Object.fromEntries(PASSED_REQUEST_HEADERS.filter((name) => request.headers[name]).map((name) => [name, request.headers[name]]));
  if (request.headers['accept-encoding']) headers['accept-encoding'] = encoding;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  /** @param {number} status */
  const refuse = (status) => {
    if (response.destroyed || response.writableEnded) return;
    if (response.headersSent) return response.destroy();
    response.writeHead(status, { ...common, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(status === 404 ? 'Not Found\n' : 'The picture could not be fetched\n');
  };
  const asking = send(target, { method: request.method, headers, timeout: answerWithinMs }, (answer) => {
    const status = answer.statusCode ?? 502;
    const picture = status === 304 || (status === 200 && /^image\//i.test(answer.headers['content-type'] ?? ''));
    if (!picture) {
      answer.resume();
      return refuse(status >= 500 ? 502 : 404);
    }
    const passed = Object.fromEntries(PASSED_ANSWER_HEADERS.filter((name) => answer.headers[name] !== undefined).map((name) => [name, answer.headers[name]]));
    response.writeHead(status, { ...common, ...passed, 'Content-Security-Policy': PICTURE_POLICY });
    answer.pipe(response);
    answer.once('error', () => response.destroy());
    if (cache && status === 200 && request.method === 'GET') keepWhileSending(cache, key, passed, answer);
  });
  const whole = setTimeout(() => asking.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), wholeWithinMs);
  asking.once('timeout', () => asking.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  asking.once('error', (/** @type {NodeJS.ErrnoException} */ error) => refuse(error.code === 'ETIMEDOUT' ? 504 : 502));
  // A visitor who leaves stops the API's answer too.
  response.once('close', () => {
    clearTimeout(whole);
    asking.destroy();
  });
  asking.end();
}

/**
 * Collects a picture's bytes as they go to the visitor, and keeps them once it has come whole (and small enough).
 *
 * @param {PictureCache} cache
 * @param {string} key
 * @param {AnswerHeaders} headers
 * @param {import('node:http').IncomingMessage} answer
 */
function keepWhileSending(cache, key, headers, answer) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  answer.on('data', (chunk) => {
    size += chunk.length;
    if (size <= cache.maxItemBytes) chunks.push(chunk);
  });
  answer.once('end', () => {
    if (answer.complete && size <= cache.maxItemBytes) cache.set(key, headers, Buffer.concat(chunks));
  });
}

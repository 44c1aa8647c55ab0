// The API's pictures on the site's own origin: the site's server passes a path such as /static/ on to the API
// (docs/production.md), so a page's main picture comes over the page's connection instead of waiting for one
// to the API's origin. Pictures only: anything else the API might answer there never reaches a visitor as the
// site's own.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What the site's server passes on for the site's config (`api.picturesPath`, pictureUrl): the path and the API's origin, or null. */
export const apiPicturesOf = (api) => (api.picturesPath ? { path: api.picturesPath, origin: new URL(api.apiBaseUrl).origin } : null);

/** The request's headers the API is given: what it needs to choose and revalidate a picture, and no cookie or credential. */
const PASSED_REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since'];

/** The answer's headers the visitor is given. */
const PASSED_ANSWER_HEADERS = ['content-type', 'content-length', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'expires', 'vary'];

/**
 * A picture opened on its own (an SVG can carry script) runs nothing and loads nothing on the site's origin:
 * it is shown, as in an `<img>`, and no more.
 */
export const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** How long the API may stay silent before the visitor gets 504 (the picture's fallback shows). */
const ANSWER_WITHIN_MS = 10_000;

/**
 * Whether a path is one the API is asked for: under the pictures' path, and nothing in it that the API could
 * read as another path (an encoded slash, backslash or dot segment, or a NUL).
 */
export const isPicturePath = (pathname, path) => pathname.startsWith(path) && !/%2f|%5c|%00|%2e/i.test(pathname);

/**
 * Answers a GET or HEAD under the pictures' path with the API's answer for the same path: a picture (`image/*`)
 * with its validators and cache rule, or a 304; 404 for anything else it answers (a page, JSON, a redirect),
 * 502 when it cannot be reached, 504 when it is silent for `answerWithinMs`. `common` are the site's headers.
 */
export function passPictureOn({ origin, answerWithinMs = ANSWER_WITHIN_MS }, url, request, response, common) {
  const target = new URL(`${url.pathname}${url.search}`, origin);
  const headers = Object.fromEntries(PASSED_REQUEST_HEADERS.filter((name) => request.headers[name]).map((name) => [name, request.headers[name]]));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
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
  });
  asking.once('timeout', () => asking.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  asking.once('error', (error) => refuse(error.code === 'ETIMEDOUT' ? 504 : 502));
  // A visitor who leaves stops the API's answer too.
  response.once('close', () => asking.destroy());
  asking.end();
}

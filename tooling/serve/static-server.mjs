// @ts-check
// A small static file server for built apps (dist/). Production uses a standard
// web server with the same rules (README, "Production serving").
import { createReadStream, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, STATUS_CODES } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { isPicturePath, passPictureOn } from './api-pictures.mjs';

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */
/** @typedef {import('node:fs').Stats} Stats */
/** @typedef {Record<string, string | number>} Headers */
/** @typedef {'br' | 'gzip'} Encoding */
/** @typedef {{ paths: Set<string>, clientRoutes: string[], pageRoutes: string[], oneDocumentRoutes: string[] }} PageRoutes */
/** @typedef {{ prefix: string, dir: string, site: boolean }} Root */
/** @typedef {{ normalized: string, root: string, site: boolean, relative: string, file: string }} Located */
/** @typedef {{ file: string, relative: string, stats: Stats, status: number, noindex: boolean }} Found */
/** @typedef {{ refused: number }} Refused */
/**
 * @typedef {object} Serving
 * @property {Root[]} roots
 * @property {string} pagesDir
 * @property {() => PageRoutes | null} readRoutes
 * @property {string} fallback
 * @property {Record<string, string | (() => string)>} files
 * @property {import('./api-pictures.mjs').PicturesServing | null} pictures
 * @property {(file: string, stats: Stats, encoding: Encoding) => Buffer} compressedBody
 * @property {Headers} common
 */

/** @type {Record<string, string>} */
const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.zip': 'application/zip',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Text files: sent compressed (brotli, else gzip) to a browser that accepts it. JavaScript shrinks to about a third. */
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.xml', '.txt']);
/** @type {Record<Encoding, (data: Buffer) => Buffer>} */
const encoders = {
  // Quality 6: most of brotli's gain at a small part of its top level's time, on the first request of each file.
  br: (data) => brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (data) => gzipSync(data),
};

/**
 * The encoding to send: brotli, else gzip, as the Accept-Encoding header allows (q=0 refuses one); else none.
 *
 * @returns {Encoding | null}
 */
function chooseEncoding(acceptEncoding = '') {
  const accepted = new Map(
    acceptEncoding.split(',').map((part) => {
      const [token, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return [token, q === undefined ? 1 : Number(q)];
    }),
  );
  return /** @type {const} */ (['br', 'gzip']).find((encoding) => (accepted.get(encoding) ?? 0) > 0) ?? null;
}

/**
 * The file's validator: its size and time, and the encoding sent (each encoding is its own body).
 *
 * @type {(stats: Stats, encoding: Encoding | null) => string}
 */
const etagOf = (stats, encoding) => `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;

/**
 * Whether an If-None-Match header names this validator (or any, `*`); weak or strong, as RFC 9110 compares for GET.
 *
 * @type {(ifNoneMatch: string | undefined, etag: string) => boolean}
 */
const matchesEtag = (ifNoneMatch, etag) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((candidate) => ['*', etag].includes(candidate.trim().replace(/^W\//, '')));

/**
 * Files a browser must revalidate on every load: pages, files that name the hashed files or list releases, the
 * scripts kept at a fixed name beside them (a remote's entry, the shell's reports.js), and
 * the site's own files at its root, which keep their names when they change (the sitemap, robots.txt, the
 * icon, the logo, the share card, the service worker and the web app manifest).
 */
const entryFiles =
  /(^|\/)(index\.html|app\.html|404\.html|config\.json|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|reports\.js|index\.json|release\.json|app\.json)$|^(sitemap\.xml|robots\.txt|favicon\.svg|logo\.png|share-card\.png|sw\.js|manifest\.webmanifest)$/;

/** @param {string} path */
function cacheControl(path) {
  return entryFiles.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The file beside the pages that says which paths are pages (tooling/prerender/site-files.mjs). */
const ROUTES_FILE = '.routes.json';

/** The page beside the pages for a path that is not a page of the site (tooling/prerender/prerender.mjs). */
const NOT_FOUND_FILE = '404.html';

/**
 * Whether `path` matches a route pattern of React Router's form: '/login', '/reset-password/:token', '/staff/*'.
 *
 * @param {string} pattern
 * @param {string} path
 */
function matchesRoute(pattern, path) {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  for (const [index, part] of want.entries()) {
    if (part === '*') return true;
    if (index >= have.length) return false;
    if (!part.startsWith(':') && part !== have[index]) return false;
  }
  return want.length === have.length;
}

/**
 * What the paths that are pages are, read from `.routes.json` beside the pages (re-read when it changes), or
 * null when there is none: then every path without a file is a page.
 *
 * @param {string} pagesDir
 * @returns {() => PageRoutes | null}
 */
function routesReader(pagesDir) {
  /** @type {{ mtimeMs: number, routes: PageRoutes | null }} */
  let cached = { mtimeMs: -1, routes: null };
  return () => {
    const file = join(pagesDir, ROUTES_FILE);
    const stats = statOrNull(file);
    if (!stats?.isFile()) return null;
    if (stats.mtimeMs !== cached.mtimeMs) {
      const { paths, clientRoutes, pageRoutes, oneDocumentRoutes = [] } = JSON.parse(readFileSync(file, 'utf8'));
      cached = { mtimeMs: stats.mtimeMs, routes: { paths: new Set(paths), clientRoutes, pageRoutes, oneDocumentRoutes } };
    }
    return cached.routes;
  };
}

/**
 * How long a client may take, and how many may be connected at once (docs/security.md, "The kit's edges").
 * A request is a line and a few headers: a client that has not sent them in `headersMs` (slow headers, the
 * "slowloris" attack), or a whole request in `requestMs`, gets 408; a connection that moves no byte for
 * `idleMs` (a reader that stopped reading) is closed, and so is a kept-alive one unused for `keepAliveMs`.
 * Past `maxConnections` open connections a new one is answered 503 at once and closed.
 */
/** The connections past the cap, answered 503 on their socket (limitServer). */
const refusedForLoad = new WeakSet();

export const STATIC_LIMITS = { headersMs: 10_000, requestMs: 15_000, idleMs: 30_000, keepAliveMs: 5_000, maxConnections: 512 };

/**
 * Applies `limits` (see STATIC_LIMITS) to the server: the times through Node's own settings; the cap by
 * having `turnAway` answer a connection past it on the raw socket, before Node reads a byte of its request.
 *
 * @param {import('node:http').Server} server
 * @param {typeof STATIC_LIMITS} limits
 * @param {(socket: import('node:net').Socket) => void} turnAway
 */
function limitServer(server, { headersMs, requestMs, idleMs, keepAliveMs, maxConnections }, turnAway) {
  server.headersTimeout = headersMs;
  server.requestTimeout = requestMs;
  server.keepAliveTimeout = keepAliveMs;
  server.setTimeout(idleMs); // no listener on 'timeout': Node destroys the socket
  let open = 0;
  server.prependListener('connection', (socket) => {
    open += 1;
    socket.once('close', () => (open -= 1));
    if (open <= maxConnections) return;
    // Node's parser is attached after this listener: a request it reads on this socket is left unanswered.
    refusedForLoad.add(socket);
    socket.on('error', () => {});
    turnAway(socket);
  });
}

/**
 * Serves `dir` on `port`. A path without a file extension is a page: its
 * prerendered HTML (`<pages>/<path>/index.html`, `pages` being `dir` unless
 * given) if there is one, else `fallback` (the client-rendered page, index.html
 * unless given). When the pages came with a `.routes.json` (prerendering writes it),
 * a path that is neither a public page nor a route rendered in the browser gets the
 * same page with 404 and `X-Robots-Tag: noindex` (a removed course is not found, for
 * a visitor and for a search engine alike); a route rendered in the browser gets it
 * with 200 and `X-Robots-Tag: noindex` (never a search result). Files the prerenderer writes beside the
 * pages (sitemap.xml, robots.txt) are served from there. No path under a name that
 * starts with a dot is served (locks, staging folders, .routes.json). `mounts` serve other folders under a path prefix, without pages
 * (a channel's `/releases/`). `files` serves generated files in place of the
 * built ones (e.g. a config.json that points at other ports), as text or as a
 * function that makes the text for each request. `headers` (the security
 * headers, see security-headers.mjs) go on every answer: a set, or a function that gives the set for each
 * request (a channel's, which follows its promotions). A text file is sent as
 * its .br or .gz beside it when the build made one, else compressed here. `pictures`
 * (apiPicturesOf) passes the API's pictures' path on to the API.
 *
 * No request can stop the server: whatever goes wrong is answered (400, 403,
 * 404, 405, 408, 500, 503; 502 or 504 for a picture the API does not give) for
 * that request alone. Only files whose real path (symbolic links followed) is
 * inside their folder are served. `limits` override STATIC_LIMITS.
 *
 * @param {{ dir: string, port: number, host?: string, files?: Serving['files'], mounts?: Record<string, string>,
 *   headers?: Headers | (() => Headers), pages?: string, fallback?: string, pictures?: Serving['pictures'],
 *   limits?: Partial<typeof STATIC_LIMITS> }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveStatic({
  dir,
  port,
  host = '127.0.0.1',
  files = {},
  mounts = {},
  headers = {},
  pages = dir,
  fallback = 'index.html',
  pictures = null,
  limits = {},
}) {
  const roots = [
    ...Object.entries(mounts).map(([prefix, mountDir]) => ({ prefix, dir: realpathSync(mountDir), site: false })),
    { prefix: '/', dir: realpathSync(dir), site: true },
  ];
  const pagesDir = realpathSync(pages);
  /** @type {Omit<Serving, 'common'>} */
  const serving = {
    roots,
    pagesDir,
    readRoutes: routesReader(pagesDir),
    fallback,
    files,
    pictures,
    compressedBody: compressedBodies(),
  };
  // Remotes are loaded from the shell's origin.
  const commonOf = () => ({ ...(typeof headers === 'function' ? headers() : headers), 'Access-Control-Allow-Origin': '*' });

  // Limits are checked every second (Node's default is every 30 s, so a 10 s limit held a client 40 s).
  const server = createServer({ connectionsCheckingInterval: 1000 }, (request, response) => {
    const common = commonOf();
    try {
      handle({ ...serving, common }, request, response);
    } catch (error) {
      console.error(`static server: ${request.method} ${request.url}: ${error instanceof Error ? error.stack : error}`);
      if (response.headersSent) response.destroy();
      else answer(response, common, 500);
    }
  });
  // Neither a request Node cannot parse (bad request line, header or framing)
  // nor a CONNECT reaches the handler: answer on the socket and close it.
  server.on('clientError', (/** @type {NodeJS.ErrnoException} */ error, socket) =>
    refuse(socket, commonOf(), (error.code && clientErrorStatus[error.code]) ?? '400 Bad Request'),
  );
  limitServer(server, { ...STATIC_LIMITS, ...limits }, (socket) => refuse(socket, commonOf(), '503 Service Unavailable', { 'Retry-After': 5 }));
  server.on('connect', (_request, socket) => refuse(socket, commonOf(), '405 Method Not Allowed', { Allow: ALLOWED_METHODS }));
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

/**
 * A compressed body for each file: the build's .br or .gz beside it while that is not older than the file,
 * else compressed here. Each file is compressed once per version (path, size and time of change) and encoding.
 */
function compressedBodies() {
  /** @type {Map<string, Buffer>} */
  const compressed = new Map();
  /** @type {Serving['compressedBody']} */
  return (file, stats, encoding) => {
    const key = `${file}\0${stats.size}\0${stats.mtimeMs}\0${encoding}`;
    if (!compressed.has(key)) {
      const prebuilt = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      const prebuiltStats = statOrNull(prebuilt);
      const fresh = prebuiltStats?.isFile() && prebuiltStats.mtimeMs >= stats.mtimeMs;
      compressed.set(key, fresh ? readFileSync(prebuilt) : encoders[encoding](readFileSync(file)));
    }
    return /** @type {Buffer} */ (compressed.get(key));
  };
}

/**
 * Answers with a status and its text alone (the headers every answer has, and `extra`).
 *
 * @param {Response} response
 * @param {Headers} common
 * @param {number} status
 * @param {Headers} [extra]
 */
function answer(response, common, status, extra = {}) {
  const body = status === 204 ? '' : `${STATUS_CODES[status]}\n`;
  response.writeHead(status, { ...common, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  response.end(body);
}

/**
 * Answers on the raw socket, for what never becomes a request, and closes it.
 *
 * @param {import('node:stream').Duplex} socket
 * @param {Headers} common
 * @param {string} status
 * @param {Headers} [extra]
 */
function refuse(socket, common, status, extra = {}) {
  if (!socket.writable) return socket.destroy();
  const fields = { ...common, ...extra, Connection: 'close', 'Content-Length': 0 };
  const head = Object.entries(fields).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status}\r\n${head.join('')}\r\n`, () => socket.destroy());
}

/**
 * Answers one request: a generated file, a file, a page, or the status that refuses it.
 *
 * @param {Serving} serving
 * @param {Request} request
 * @param {Response} response
 */
function handle(serving, request, response) {
  const { common, files, pagesDir } = serving;
  if (refusedForLoad.has(request.socket)) return; // answered 503 on the socket (limitServer)
  if (request.method === 'OPTIONS') return answer(response, common, 204, { Allow: ALLOWED_METHODS, 'Access-Control-Allow-Methods': 'GET, HEAD' });
  if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, common, 405, { Allow: ALLOWED_METHODS });

  let url;
  try {
    url = new URL(request.url ?? '/', 'http://localhost');
  } catch {
    return answer(response, common, 400);
  }
  const { pathname } = url;
  if (serving.pictures && pathname.startsWith(serving.pictures.path)) {
    if (!isPicturePath(pathname, serving.pictures.path)) return answer(response, common, 404);
    return passPictureOn(serving.pictures, url, request, response, common);
  }
  if (Object.hasOwn(files, pathname)) {
    const type = contentTypes[extname(pathname)] ?? 'application/octet-stream';
    const generated = files[pathname];
    const body = typeof generated === 'function' ? generated() : String(generated);
    response.writeHead(200, { ...common, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' });
    return response.end(body); // Node sends no body to HEAD
  }

  const located = locate(serving.roots, pathname);
  if ('refused' in located) return answer(response, common, located.refused);
  const found = located.site ? findOnTheSite(serving, located) : findInMount(located);
  if ('refused' in found) return answer(response, common, found.refused);
  // A symbolic link may point anywhere: what is served must really be inside the folder it was found in.
  const home = found.file.startsWith(pagesDir + sep) ? pagesDir : located.root;
  if (!realpathSync(found.file).startsWith(home + sep)) return answer(response, common, 403);
  sendFile(serving, request, response, found);
}

/**
 * Where a path points: the root it is under (a mount's, else the site's), the path relative to it, and the
 * file there; or the status that refuses it (400 malformed, 404 under a name that starts with a dot, 403
 * outside the root).
 *
 * @param {Root[]} roots
 * @param {string} pathname
 * @returns {Located | Refused}
 */
function locate(roots, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { refused: 400 }; // a malformed percent-escape such as /%E0%A4%A
  }
  if (decoded.includes('\0')) return { refused: 400 };
  const normalized = normalize(decoded).replaceAll('\\', '/');
  if (normalized.split('/').some((segment) => segment.startsWith('.'))) return { refused: 404 };
  // Source maps hold every app's source (the back office's too): kept with a release, never served (rspack-app.mjs).
  if (normalized.endsWith('.map')) return { refused: 404 };
  // The site's root, '/', is the last: every path is under one.
  const { prefix, dir: root, site } = /** @type {Root} */ (roots.find((candidate) => normalized.startsWith(candidate.prefix)));
  const relative = normalized.slice(prefix.length).replace(/^\/+/, '');
  const file = join(root, relative);
  if (!file.startsWith(root + sep) && file !== root) return { refused: 403 };
  return { normalized, root, site, relative, file };
}

/**
 * The file a path names under a mount: served as it is, 200; else 404.
 *
 * @param {Located} located
 * @returns {Found | Refused}
 */
function findInMount({ relative, file }) {
  const stats = statOrNull(file);
  return stats?.isFile() ? { file, relative, stats, status: 200, noindex: false } : { refused: 404 };
}

/**
 * What a path of the site is: its file; else a file made with the pages (sitemap.xml, robots.txt); else, for
 * a path without a file extension, a page (findPage); else 404.
 *
 * @param {Omit<Serving, 'common'>} serving
 * @param {Located} located
 * @returns {Found | Refused}
 */
function findOnTheSite(serving, located) {
  const { pagesDir } = serving;
  const { root, relative } = located;
  let { file } = located;
  let stats = statOrNull(file);
  if (!stats?.isFile() && extname(relative) && pagesDir !== root && relative !== NOT_FOUND_FILE) {
    // A file made with the pages (sitemap.xml, robots.txt); the not-found page only as the answer of a path
    // that is not a page.
    const beside = join(pagesDir, relative);
    if (beside.startsWith(pagesDir + sep)) ({ file, stats } = { file: beside, stats: statOrNull(beside) });
  }
  if (stats?.isFile()) return { file, relative, stats, status: 200, noindex: false };
  if (extname(relative)) return { refused: 404 };
  return findPage(serving, located);
}

/**
 * A page: its prerendered HTML, else the one page of its route when its route has one for every path (a reset
 * link's: with `noindex`), else the client-rendered page (404 when there is none of them). When the pages'
 * `.routes.json` does not list the path as a page, the client-rendered page goes with `noindex`, and with 404
 * too when no route rendered in the browser matches the path: then, if no route of a prerendered page matches
 * it either (`/course/:id` does: its owner says "Course not found" in its own words), with the prerendered
 * not-found page instead when there is one (a document with islands: no code until it is needed).
 *
 * @param {Omit<Serving, 'common'>} serving
 * @param {Located} located
 * @returns {Found | Refused}
 */
function findPage({ pagesDir, fallback, readRoutes }, { normalized, root, relative }) {
  const path = `/${normalized.replace(/^\/+|\/+$/g, '')}`;
  const prerendered = join(pagesDir, relative, 'index.html');
  const routeDocument = (readRoutes()?.oneDocumentRoutes ?? []).find((route) => matchesRoute(route, path));
  const candidates = [
    ...(prerendered.startsWith(pagesDir + sep) ? [{ name: join(relative, 'index.html'), file: prerendered, noindex: false }] : []),
    ...(routeDocument ? [{ name: join(routeDocument, 'index.html'), file: join(pagesDir, routeDocument, 'index.html'), noindex: true }] : []),
    { name: fallback, file: join(root, fallback), noindex: false },
  ];
  const found = candidates.map((candidate) => ({ ...candidate, stats: statOrNull(candidate.file) })).find((candidate) => candidate.stats?.isFile());
  if (!found) return { refused: 404 };
  /** @type {Found} */
  const page = { file: found.file, relative: found.name, stats: /** @type {Stats} */ (found.stats), status: 200, noindex: found.noindex };
  const routes = found.name === fallback ? readRoutes() : null;
  if (routes && !routes.paths.has(path)) {
    // A page rendered in the browser (an account's, the back office's) is no search result either;
    // robots.txt does not name the back office (prerender/site-files.mjs), so this says so. Not a page
    // at all: the client-rendered page says so, and the answer says so too.
    page.noindex = true;
    if (routes.clientRoutes.some((pattern) => matchesRoute(pattern, path))) return page;
    page.status = 404;
    const notFound = join(pagesDir, NOT_FOUND_FILE);
    const notFoundStats = statOrNull(notFound);
    // A .routes.json from before pageRoutes cannot tell an item not found: the owner's page says it.
    if (routes.pageRoutes && !routes.pageRoutes.some((pattern) => matchesRoute(pattern, path)) && notFoundStats?.isFile()) {
      return { ...page, file: notFound, relative: NOT_FOUND_FILE, stats: notFoundStats };
    }
  }
  return page;
}

/**
 * Sends a file found for a request: 304 when the browser has this version, compressed when it is text and
 * the browser accepts that, else as it is (its headers only, to HEAD).
 *
 * @param {Serving} serving
 * @param {Request} request
 * @param {Response} response
 * @param {Found} found
 */
function sendFile({ common, compressedBody }, request, response, { file, relative, stats, status, noindex }) {
  const withBody = request.method === 'GET';
  const encoding = compressible.has(extname(file)) ? chooseEncoding(request.headers['accept-encoding']) : null;
  /** @type {Headers} */
  const fileHeaders = {
    ...common,
    'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'Content-Length': stats.size,
    'Cache-Control': cacheControl(relative),
    // A validator, so that a file revalidated on every load costs a 304 when it has not changed, not the file.
    ETag: etagOf(stats, encoding),
    ...(noindex ? { 'X-Robots-Tag': 'noindex' } : {}),
  };
  if (compressible.has(extname(file))) fileHeaders.Vary = 'Accept-Encoding';
  if (status === 200 && matchesEtag(request.headers['if-none-match'], String(fileHeaders.ETag))) {
    const { 'Content-Length': _length, 'Content-Type': _type, ...notModified } = fileHeaders;
    response.writeHead(304, notModified);
    return response.end();
  }
  if (compressible.has(extname(file))) {
    if (encoding) {
      // A file that cannot be read throws here: the handler's catch answers 500.
      const body = compressedBody(file, stats, encoding);
      response.writeHead(status, { ...fileHeaders, 'Content-Encoding': encoding, 'Content-Length': body.length });
      return response.end(withBody ? body : undefined);
    }
  }
  if (!withBody) {
    response.writeHead(status, fileHeaders);
    return response.end();
  }
  // Headers go out once the file is open, so a file that cannot be read is still a clean 500.
  const stream = createReadStream(file);
  stream.once('error', (error) => {
    if (response.headersSent) return;
    console.error(`static server: ${file}: ${error.message}`);
    answer(response, common, 500);
  });
  stream.once('open', () => {
    // A client gone while the file opened: Node 24 refuses to pipe into its closed answer, with an error nothing
    // catches (ERR_STREAM_UNABLE_TO_PIPE), which would stop the server.
    if (response.destroyed) return stream.destroy();
    response.writeHead(status, fileHeaders);
    // pipeline closes the file when the client goes away mid-answer.
    pipeline(stream, response, () => {});
  });
}

/**
 * What a request that never became one is answered: too large, too slow, or not HTTP.
 *
 * @type {Record<string, string>}
 */
const clientErrorStatus = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** @param {string} file */
function statOrNull(file) {
  try {
    return statSync(file);
  } catch {
    return null; // missing, a name too long, a path through a file: all "not found"
  }
}

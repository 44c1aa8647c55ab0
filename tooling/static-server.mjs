// A small static file server for built apps (dist/). Production uses a standard
// web server with the same rules (README, "Production serving").
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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
};

/** Files a browser must revalidate on every load: they name the hashed files. */
const entryFiles = /(^|\/)(index\.html|config\.json|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

function cacheControl(path) {
  return entryFiles.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

/**
 * Serves `dir` on `port`. Paths without a file extension fall back to
 * index.html (client-side routes). `files` serves generated files in place of
 * the built ones (e.g. a config.json that points at other ports).
 */
export function serveStatic({ dir, port, host = '127.0.0.1', files = {} }) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname in files) {
      response.writeHead(200, { 'Content-Type': contentTypes[extname(url.pathname)], 'Cache-Control': 'no-cache' });
      response.end(files[url.pathname]);
      return;
    }
    let relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    let file = join(dir, relative);
    if (!file.startsWith(dir + sep) && file !== dir) {
      response.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) {
      const page = join(dir, 'index.html');
      if (extname(relative) || !existsSync(page)) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      relative = 'index.html';
      file = page;
    }
    response.writeHead(200, {
      'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(relative),
      // Remotes are loaded from the shell's origin.
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

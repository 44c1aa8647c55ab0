/// <reference lib="webworker" />
// The site's service worker (built alone into /sw.js; docs/phones.md, "The service worker"): the public pages
// a visitor read and the code of their releases are kept on the phone and served when the network is gone.
// Online, pages and config.json always come from the network, so promotions, rollbacks and canaries take
// effect on the next load; offline, a kept page comes with the config.json it was read with and the code that
// config names, never a mix; the library pictures a visitor saw are kept as well. Nothing else is touched:
// account pages, the back office, previews, API answers.
import {
  codeKey,
  droppedPages,
  emptyIndex,
  isLibraryPicture,
  isPreview,
  KEPT_PICTURES,
  mayBeCode,
  neverChanges,
  offlinePageHtml,
  offlinePagePolicy,
  ownerCodeBases,
  ownPagePath,
  pageKey,
  publicPageFacts,
  withPage,
  type OfflineIndex,
} from './offline-rules';

declare const self: ServiceWorkerGlobalScope;

const CACHES = { pages: 'agri-pages-v1', code: 'agri-code-v1', offline: 'agri-offline-v1', pictures: 'agri-pictures-v1' };
const INDEX_URL = '/__offline__/index.json';
const configUrl = (digest: string) => `/__offline__/config/${digest}.json`;

self.addEventListener('install', () => void self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const ours = Object.values(CACHES);
      for (const name of await caches.keys()) if (name.startsWith('agri-') && !ours.includes(name)) await caches.delete(name);
      // The page's request starts while the worker wakes up.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

// ---- the index of what is kept ------------------------------------------------------------------------

let indexChanges: Promise<unknown> = Promise.resolve();

async function readIndex(): Promise<OfflineIndex> {
  const response = await (await caches.open(CACHES.offline)).match(INDEX_URL);
  return response ? ((await response.json()) as OfflineIndex) : emptyIndex();
}

/** Changes the index one change at a time (fetch events run side by side). */
function changeIndex(change: (index: OfflineIndex) => OfflineIndex | Promise<OfflineIndex>): Promise<OfflineIndex> {
  const next = indexChanges.then(async () => {
    const index = await readIndex();
    const changed = await change(index);
    await (await caches.open(CACHES.offline)).put(INDEX_URL, Response.json(changed));
    return changed;
  });
  indexChanges = next.catch(() => undefined);
  return next;
}

/** Pages being kept: code and config.json asked for meanwhile wait for them, to know what they belong to. */
let keeping: Promise<unknown> = Promise.resolve();

/** Keeps a page the network served, if it is a public page; drops the pages the index no longer keeps. */
function keepPage(path: string, response: Response): Promise<unknown> {
  const kept = (async () => {
    const html = await response.text();
    const facts = publicPageFacts(html, new URL(path, self.location.origin).href);
    if (!facts) return;
    const headers = new Headers(response.headers);
    headers.delete('Content-Encoding');
    headers.delete('Content-Length');
    await (await caches.open(CACHES.pages)).put(path, new Response(html, { status: 200, headers }));
    let dropped: string[] = [];
    await changeIndex((index) => {
      const next = withPage(index, path, facts, Date.now());
      dropped = droppedPages(index, next);
      return next;
    });
    const pages = await caches.open(CACHES.pages);
    await Promise.all(dropped.map((gone) => pages.delete(gone)));
  })();
  keeping = Promise.all([keeping, kept]).catch(() => undefined);
  return kept;
}

// ---- config.json --------------------------------------------------------------------------------------

async function digestOf(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...bytes.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The site switched its service worker off (config.json `offline: false`): forget everything and step aside. */
async function switchOff(): Promise<void> {
  for (const name of Object.values(CACHES)) await caches.delete(name);
  await self.registration.unregister();
}

/** Keeps the config.json a page was read with, beside the page. */
async function keepConfig(path: string | null, text: string): Promise<void> {
  let body: { offline?: unknown };
  try {
    body = JSON.parse(text) as { offline?: unknown };
  } catch {
    return;
  }
  if (body.offline === false) return switchOff();
  await keeping;
  if (!path) return;
  const digest = await digestOf(text);
  const index = await readIndex();
  if (!index.pages[path]) return;
  const offline = await caches.open(CACHES.offline);
  await offline.put(configUrl(digest), new Response(text, { headers: { 'Content-Type': 'application/json' } }));
  const bases = ownerCodeBases(body as Parameters<typeof ownerCodeBases>[0], path, self.location.origin);
  const next = await changeIndex((current) =>
    current.pages[path]
      ? {
          pages: { ...current.pages, [path]: { ...current.pages[path], config: digest } },
          codeBases: [...new Set([...bases, ...current.codeBases])],
        }
      : current,
  );
  // A config no kept page was read with is dropped.
  const used = new Set(Object.values(next.pages).map((page) => page.config));
  for (const request of await offline.keys()) {
    const digestOfEntry = /\/__offline__\/config\/([0-9a-f]+)\.json$/.exec(request.url)?.[1];
    if (digestOfEntry && !used.has(digestOfEntry)) await offline.delete(request);
  }
}

/** The path of the page a request comes from. */
async function pageOf(clientId: string): Promise<string | null> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  return client ? pageKey(new URL(client.url)) : null;
}

async function siteConfig(event: FetchEvent): Promise<Response> {
  const path = await pageOf(event.clientId || event.resultingClientId);
  try {
    const response = await fetch(event.request);
    if (response.ok)
      event.waitUntil(
        response
          .clone()
          .text()
          .then((text) => keepConfig(path, text)),
      );
    return response;
  } catch (offline) {
    const page = path ? (await readIndex()).pages[path] : undefined;
    const kept = page?.config ? await (await caches.open(CACHES.offline)).match(configUrl(page.config)) : undefined;
    if (kept) return kept;
    throw offline;
  }
}

// ---- pages ------------------------------------------------------------------------------------------------

async function navigate(event: FetchEvent, url: URL): Promise<Response> {
  const path = pageKey(url);
  try {
    const response = ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
    if (response.ok && !isPreview(url)) event.waitUntil(keepPage(path, response.clone()));
    return response;
  } catch {
    const kept = await (await caches.open(CACHES.pages)).match(path);
    if (kept) return kept;
    return new Response(offlinePageHtml(await readIndex()), {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': await offlinePagePolicy(),
        'Cache-Control': 'no-store',
      },
    });
  }
}

/**
 * A public page the visitor read before this worker controlled the tab, or reached inside the site (no page
 * load): kept from the network (the browser's cache answers for one it has, a 304 at most), with the current
 * config.json, and the code the tab loaded for it.
 */
async function keepVisited(path: string, loaded: string[]): Promise<void> {
  if (!(await readIndex()).pages[path]) {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (!response.ok) return;
    await keepPage(path, response);
    const config = await fetch('/config.json');
    if (config.ok) await keepConfig(path, await config.text());
  }
  const { codeBases } = await readIndex();
  const cache = await caches.open(CACHES.code);
  for (const href of loaded) {
    const url = new URL(href);
    if (!mayBeCode(url) || !codeBases.some((base) => url.href.startsWith(base)) || (await cache.match(codeKey(url)))) continue;
    const response = await fetch(url.href, { mode: url.origin === self.location.origin ? 'same-origin' : 'no-cors' });
    if (response.ok || response.type === 'opaque') await cache.put(codeKey(url), response);
  }
}

// ---- code -------------------------------------------------------------------------------------------------

async function code(event: FetchEvent, url: URL): Promise<Response> {
  await keeping;
  const { codeBases } = await readIndex();
  if (!codeBases.some((base) => url.href.startsWith(base))) return fetch(event.request);
  const cache = await caches.open(CACHES.code);
  const key = codeKey(url);
  const keep = (response: Response) => {
    // A script of another origin (a remote's own server) arrives opaque: kept as it is.
    if (response.ok || response.type === 'opaque') event.waitUntil(cache.put(key, response.clone()));
    return response;
  };
  if (neverChanges(url)) return (await cache.match(key)) ?? keep(await fetch(event.request));
  try {
    return keep(await fetch(event.request));
  } catch (offline) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw offline;
  }
}

// ---- pictures ---------------------------------------------------------------------------------------------

/** A library picture: the kept one (it never changes under its name), else the network's, kept; the oldest go past KEPT_PICTURES. */
async function picture(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHES.pictures);
  const kept = await cache.match(event.request.url);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    event.waitUntil(
      (async () => {
        await cache.put(event.request.url, response.clone());
        const keys = await cache.keys();
        for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_PICTURES))) await cache.delete(old);
      })(),
    );
  }
  return response;
}

// ---- routing ----------------------------------------------------------------------------------------------

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const sameOrigin = url.origin === self.location.origin;
  if (request.mode === 'navigate' && sameOrigin) event.respondWith(navigate(event, url));
  else if (sameOrigin && url.pathname === '/config.json') event.respondWith(siteConfig(event));
  else if (isLibraryPicture(url, self.location.origin)) event.respondWith(picture(event));
  else if (mayBeCode(url)) event.respondWith(code(event, url));
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; path?: unknown; code?: unknown } | null;
  const path = data?.type === 'keep-page' ? ownPagePath(data.path, self.location.origin) : null;
  if (!path) return;
  const loaded = Array.isArray(data?.code) ? data.code.filter((href): href is string => typeof href === 'string' && URL.canParse(href)) : [];
  event.waitUntil(keepVisited(path, loaded).catch(() => undefined));
});

// What the service worker (service-worker.ts) keeps and serves, as pure rules over URLs and pages, so that each
// is tested on its own (offline-rules.test.ts). docs/phones.md, "The service worker", says the same in words.
import { PAGE_ELEMENT } from '@agri/ui/island-protocol';
import escapeHtml from 'escape-html';
import { ownerOf } from '../config/route-owners';

/** How many public pages are kept for offline reading, and for how long after they were last read. */
export const KEPT_PAGES = 30;
export const KEPT_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** A kept page, as the offline index lists it. */
export interface KeptPage {
  title: string;
  keptAt: number;
  /** The config.json the page was read with (its digest), served with it offline: never a mix of releases. */
  config: string | null;
}

/** What the service worker knows of what it keeps. */
export interface OfflineIndex {
  pages: Record<string, KeptPage>;
  /** Where the code of the kept pages' releases lives (the shell's folder, each remote's): only that is kept. */
  codeBases: string[];
}

export const emptyIndex = (): OfflineIndex => ({ pages: {}, codeBases: [] });

/** A page is kept under its path alone: a query string (a preview, a campaign tag) is not another page. */
export const pageKey = (url: URL): string => url.pathname;

/**
 * The path a tab asks the worker to keep a page under (its `keep-page` message), or null when it is not a page
 * of this site: `//other.example/x`, `/\\other.example/x` and `/\t/other.example` name another origin, and
 * `/.//other.example/x` resolves to a path that `fetch` would read as another origin's address.
 */
export function ownPagePath(path: unknown, origin: string): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || !URL.canParse(path, origin)) return null;
  const url = new URL(path, origin);
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return pageKey(url);
}

/** A preview is one tester's composition (`?preview=`): never kept. */
export const isPreview = (url: URL): boolean => url.searchParams.has('preview');

/** The JSON a prerendered page carries in its element `id` (tooling/prerender/page-html.mjs writes them). */
const pageElement = (id: string): RegExp => new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's');
const PRERENDERED_STATE = pageElement(PAGE_ELEMENT.state);
const PAGE_CODE = pageElement(PAGE_ELEMENT.code);

/** The folder of a file's URL, with its trailing slash. */
const folderOf = (url: string, base: string): string => new URL('.', new URL(url, base)).href;

/**
 * What a served page is, for keeping: a public page (prerendered: its content and data are in it, nothing of a
 * customer's) with its title and the folders of the code it runs (the shell's release, each remote's that made
 * it); null for any other page (account pages, the back office, pages rendered in the browser), never kept.
 */
export function publicPageFacts(html: string, pageUrl: string): { title: string; codeBases: string[] } | null {
  const state = PRERENDERED_STATE.exec(html)?.[1];
  const code = PAGE_CODE.exec(html)?.[1];
  if (!state || !code) return null;
  try {
    const { remotes } = JSON.parse(state) as { remotes: Record<string, string> };
    const { entry } = JSON.parse(code) as { entry: string };
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? pageUrl;
    const codeBases = [folderOf(entry, pageUrl), ...Object.values(remotes).map((remoteEntry) => folderOf(remoteEntry, pageUrl))];
    return { title: decodeEntities(title), codeBases: [...new Set(codeBases)] };
  } catch {
    return null;
  }
}

type KeptConfig = { remotes?: Record<string, { entry?: unknown; routes?: unknown; canary?: { entry?: unknown } }> };

/**
 * The folders of the code a page runs with the config.json it was read with: the release of the remote that
 * owns its path (and the canary's, whichever side this phone is on), which may be newer than the one the
 * prerendered page was made with (after a promotion, before the pages are made again).
 */
export function ownerCodeBases(config: KeptConfig, path: string, origin: string): string[] {
  const remotes = config.remotes ?? {};
  const prefixes = Object.fromEntries(
    Object.entries(remotes).map(([name, remote]) => [
      name,
      Array.isArray(remote.routes) ? remote.routes.filter((r): r is string => typeof r === 'string') : [],
    ]),
  );
  const owner = ownerOf(path, prefixes);
  if (!owner) return [];
  const entries = [remotes[owner]?.entry, remotes[owner]?.canary?.entry].filter((entry): entry is string => typeof entry === 'string');
  return entries.filter((entry) => URL.canParse(entry, origin)).map((entry) => folderOf(entry, origin));
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** Files that may be code a page runs: a remote's entry, a file of a release folder, a content-hashed file. */
const RELEASE_FILE = /\/releases\/[a-z][a-z0-9_]*\/[0-9A-Za-z][0-9A-Za-z._-]*\/.+\.(js|css|svg|png|jpe?g|webp|avif|woff2?)$/;
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css|svg|png|jpe?g|webp|avif|woff2?)$/;
export const mayBeCode = (url: URL): boolean => url.pathname.endsWith('/remoteEntry.js') || RELEASE_FILE.test(url.pathname) || HASHED_FILE.test(url.pathname);

/** A file that never changes under its URL (in a release's folder, or named by its content): served from the cache first. */
export const neverChanges = (url: URL): boolean => RELEASE_FILE.test(url.pathname) || HASHED_FILE.test(url.pathname);

/** How many of the pictures a visitor saw are kept for reading offline (the oldest go first). */
export const KEPT_PICTURES = 60;

/**
 * A file of the API's media library on the site's own origin (picturesPath, docs/media.md): named by its content,
 * so kept as it is; only the width and format this phone was shown, not the picture's others.
 */
export const isLibraryPicture = (url: URL, origin: string): boolean =>
  url.origin === origin && /^\/static\/pictures\/files\/[0-9a-f]{20}-\d{1,4}\.(avif|webp|jpg)$/.test(url.pathname);

/** The key a code file is kept under: a retried entry (`?attempt=2`) is the same file. */
export function codeKey(url: URL): string {
  const key = new URL(url.href);
  key.searchParams.delete('attempt');
  return key.href;
}

/** The index once `path` is kept (or read again) now: the oldest pages beyond KEPT_PAGES, and expired ones, go. */
export function withPage(index: OfflineIndex, path: string, facts: { title: string; codeBases: string[] }, now: number): OfflineIndex {
  const pages = { ...index.pages, [path]: { title: facts.title, keptAt: now, config: index.pages[path]?.config ?? null } };
  const kept = Object.entries(pages)
    .filter(([, page]) => now - page.keptAt <= KEPT_FOR_MS)
    .sort(([, a], [, b]) => b.keptAt - a.keptAt)
    .slice(0, KEPT_PAGES);
  return { pages: Object.fromEntries(kept), codeBases: [...new Set([...facts.codeBases, ...index.codeBases])] };
}

/** The pages `index` drops that `next` no longer keeps, to be deleted from the cache. */
export const droppedPages = (index: OfflineIndex, next: OfflineIndex): string[] => Object.keys(index.pages).filter((path) => !next.pages[path]);

/** The offline page's looks: the site's colours and type, in a style sheet its policy allows by hash. */
export const OFFLINE_PAGE_STYLE =
  'body{margin:0;font:1rem/1.6 system-ui,sans-serif;color:#17231b;background:#f4f6f2}' +
  'header{padding:1rem;background:#154d2c;color:#fff;font:1.25rem Georgia,serif}' +
  'main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d9e0da;border-radius:8px}' +
  'h1,h2{font-family:Georgia,serif;line-height:1.2}h1{color:#1f6b3e}a{color:#1f6b3e;font-weight:600}li{margin:.5rem 0}';

/** The Content-Security-Policy of the offline page: nothing but its own style sheet. */
export async function offlinePagePolicy(): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(OFFLINE_PAGE_STYLE));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/** The page shown offline in place of a page this phone has not kept: what it can read instead. */
export function offlinePageHtml(index: OfflineIndex): string {
  const pages = Object.entries(index.pages).sort(([, a], [, b]) => b.keptAt - a.keptAt);
  const list = pages.length
    ? `<h2>Pages you can read offline</h2><ul>${pages.map(([path, page]) => `<li><a href="${escapeHtml(path)}">${escapeHtml(page.title)}</a></li>`).join('')}</ul>`
    : '<p>No pages are kept on this phone yet: the pages you read while online can be read here without a connection.</p>';
  return (
    '<!doctype html><html lang="en" data-shell="offline"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>You are offline</title><style>${OFFLINE_PAGE_STYLE}</style></head><body><header>Mavuno Agri-Food Consultants</header><main>` +
    '<h1>You are offline</h1><p>This page has not been read on this phone, so it cannot be shown without a connection. ' +
    'It will open when you are back online.</p>' +
    `${list}</main></body></html>`
  );
}

// The islands protocol (docs/composition.md, "Islands"): every name a document with islands shares between the
// HTML the prerenderer writes, the page's inline loader (apps/shell/src/islands/loader) and the site's code that
// takes an island over. One module, with no imports but constants, so that the loader's few KB can take it whole;
// tooling/prerender writes the same names from its side (page-html.mjs) and its tests read them from here.
import { CART_COUNT_KEY, CUSTOMER_KEY, OUTBOX_KEY } from '@agri/api-client/storage-keys';

export { CART_COUNT_KEY, CUSTOMER_KEY, OUTBOX_KEY };

/**
 * When an island of a document with islands gets its code, one or more of:
 * - `interaction`: at the visitor's first touch, focus or key in it; a tap on one of its buttons, or a form sent,
 *   before the code is in shows that it is starting and is carried out once it is;
 * - `changed`: when an API answer the page was made from has changed (a data area's part of the page);
 * - `visible`: when it comes near the window (a carousel further down the page: it moves only where it is seen).
 */
export type IslandHydration = 'interaction' | 'changed' | 'visible';

/** The attributes of an island's element: the Island component writes them, the loader and the shell read them. */
export const ISLAND = {
  /** `<owner>/<name>` (IslandName): `shell/<name>` is the shell's own; any other owner is a remote exposing it in `./islands`. */
  name: 'data-island',
  hydration: 'data-island-hydration',
  /** The island's props, as JSON. */
  props: 'data-island-props',
  /** Its place among the page's islands: React's identifierPrefix, the same when prerendered and hydrated. */
  index: 'data-island-index',
  /** When what it shows stops holding (IslandProps.until). */
  until: 'data-island-until',
  /** Where it stands (IslandState), written by the loader: what the e2e suites and the benchmarks wait on. */
  state: 'data-island-state',
} as const;

/** An island asked for (`starting`), taken over (`ready`), or whose code could not come (`failed`). */
export type IslandState = 'starting' | 'ready' | 'failed';

/**
 * The names of the islands, `<owner>/<name>`: each owner's `islands.ts` adds its own to this interface
 * (`declare module '@agri/ui/island-protocol'`), from the table the shell loads them by, so that a page naming
 * an island no table has fails the type-check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface IslandNames {}
export type IslandName = keyof IslandNames & string;

/** The elements of a prerendered page the loader and the shell read, by id. */
export const PAGE_ELEMENT = {
  /** What the page was made from (PageState), as JSON. */
  state: 'prerendered-page',
  /** The scripts its islands' code loads (PageCode), as JSON. */
  code: 'page-code',
} as const;

/**
 * Where a prerendered page keeps the style attributes React wrote (a carousel's positions): the site's
 * Content-Security-Policy forbids inline style attributes in served HTML, so they travel as data and the loader
 * sets them through the DOM, as React itself would have.
 */
export const PRERENDERED_STYLE = 'data-prerendered-style';

/** On the document element: `islands` once the page answers (the loader holds a tap), `ready` once the islands asked for are in. */
export const SHELL_STATE = 'data-shell';
/** On the document element when the visitor saves data (Save-Data): the style sheets leave decoration out. */
export const SAVE_DATA = 'data-save-data';

/** The parts of the frame the loader shows from the stored session before the header's code is in (every cart count: the header's, the menu's). */
export const FRAME = {
  signedIn: 'data-signed-in',
  signedOut: 'data-signed-out',
  offlineNotice: 'data-offline-notice',
  cartLink: 'cart-link',
  cartCount: 'cart-count',
} as const;

/** The header's cart link, said: the loader writes it from the stored count, the header from the session. */
export const cartLabel = (count: number): string => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

/** The notice an island whose code could not come shows (its class). */
export const ISLAND_UNAVAILABLE = 'island-unavailable';

/**
 * A field left before its form's code was in: a property the loader sets on the element (not an attribute, which
 * hydration would find changed), so that the form counts it as touched once it is (use-site-form.ts).
 */
export const LEFT_BEFORE_CODE = 'leftBeforeCode';
export type MarkedField = Element & { [LEFT_BEFORE_CODE]?: boolean };

/**
 * On a link of a page made once for every query (`/login?redirect=/cart`): the loader gives it the page's query
 * before any code is in, so a visitor who follows it at once ('Create an account') is still brought back where
 * they were going. The island's code then draws the same link.
 */
export const KEEPS_QUERY = 'data-keeps-query';

/** The path and route of the page made for every path that is not a page of the site (the not-found document). */
export const ANY_PATH = '*';

/**
 * Whether a page was made once for every path of its route: the not-found page (ANY_PATH), and a page whose
 * route holds a parameter that is no item of the site's (a reset link's token, `/reset-password/:token`), made
 * at the route itself. Such a page is never kept for reading offline, nor listed as a page of its own.
 */
export const madeForEveryPath = (page: Pick<PageState, 'path' | 'islands'>): boolean => page.path === page.islands.route && /[:*]/.test(page.path);

/** What a prerendered page was made from (PAGE_ELEMENT.state): the shell's page-state.ts checks it as it reads it. */
export interface PageState {
  /** The path the page was made for (ANY_PATH: the not-found page; its route: a page for every path of it). */
  path: string;
  /** Each remote whose code made part of the page (every remote, for the not-found page), with the entry config.json named for it then. */
  remotes: Record<string, string>;
  /** What the page's data areas held (restoreDataAreas). */
  dataAreas: Record<string, { key: string; data: unknown }>;
  /** The ETags of the API answers the page was made from, by URL: the loader asks whether they changed. */
  validators?: Record<string, string> | undefined;
  /** The hashes of the answers that came without an ETag: the loader confirms those by body. */
  answerHashes?: Record<string, string> | undefined;
  islands: {
    /** The page's route (`/blog/:id`): its islands are hydrated at this route. */
    route: string;
    /**
     * The URLs of the API answers each island shows, by its place (ISLAND.index): the loader wakes an island only
     * for a change in one of its own (a page made before they were noted wakes every such island).
     */
    answers?: Record<string, string[]> | undefined;
  };
}

/** The scripts a prerendered page's islands load (PAGE_ELEMENT.code): written by tooling/prerender/page-html.mjs. */
export interface PageCode {
  /** The shell's entry script. */
  entry: string;
  /** reports.js, beside the entry: the reports of a visit no island needed. */
  reports: string;
  /**
   * The scripts the islands' code asks for, by owner (SHELL_OWNER: the shell's own, which every island
   * needs; a remote's: what its islands add), each list fetched all at once when the first island that needs it
   * is asked for: one wave of exactly what a tap needs.
   */
  preloads: Record<string, string[]>;
}

/** The owner of the shell's own islands and code; any other owner of an island is a remote. */
export const SHELL_OWNER = 'shell';

/**
 * A link coming back slowly fails the first requests after the 'online' event: what failed then (the outbox's
 * sends, the shell's; an island's code, the loader's) is tried again after these waits.
 */
export const RETRY_AFTER_MS = [2000, 5000, 15_000, 30_000, 60_000];

/** The owner of an island, from its name (`<owner>/<name>`). */
export const ownerOf = (name: string): string => name.slice(0, name.indexOf('/'));

/**
 * Whether a page was made with the releases live now: each remote it was made with at the entry config.json names
 * now and, for the not-found page, no remote live since (one may have a page at this path).
 */
export function madeWithLive(page: Pick<PageState, 'path' | 'remotes'>, live: Record<string, { entry: string } | undefined>): boolean {
  const same = Object.entries(page.remotes).every(([name, entry]) => live[name]?.entry === entry);
  return same && (page.path !== ANY_PATH || Object.keys(live).every((name) => Object.hasOwn(page.remotes, name)));
}

/** The tab's decision whether its visit reports, and a QA preview it keeps (composition/preview.ts). */
export const TAB_KEYS = {
  visitSampled: 'shell:visit',
  preview: 'shell:preview',
  /** The toasts a page kept for the next (toasts/toast.ts): on a document, they bring the shell's code to show them. */
  toastsForNextPage: 'ui:toasts-for-next-page',
} as const;

/**
 * Whether this visit is in the sample of visits that report (`rate`, 0 to 1): decided once a tab, so that the
 * loader's reports.js and the shell's code agree. Storage refused: not in it.
 */
export function inReportSample(rate: number): boolean {
  try {
    let kept = sessionStorage.getItem(TAB_KEYS.visitSampled);
    if (!kept) sessionStorage.setItem(TAB_KEYS.visitSampled, (kept = Math.random() < rate ? 'on' : 'off'));
    return kept !== 'off';
  } catch {
    return false;
  }
}

/** The page's inline loader, as the shell finds it on `window.agriIslands`. */
export interface IslandLoader {
  /** Islands asked for before the shell's code was in. */
  queue: HTMLElement[];
  /** Asks for an island (once): the shell hydrates it. */
  ask: (island: HTMLElement) => void;
  /** Set by the shell: hydrates an island asked for from now on. */
  hydrate: ((island: HTMLElement) => void) | null;
  /** The island is in: what the visitor did while it started is carried out. */
  hydrated: (island: HTMLElement) => void;
  /** Set by the shell when it renders the page afresh: the loader holds nothing more. */
  wholePage: boolean;
  /** The island's code could not come: it says so, with Retry. */
  failed: (island: HTMLElement) => void;
  /**
   * The shell's code came but could not start (a chunk lost on the way): every island waiting says it is
   * unavailable, without Retry (the chunk that failed is not asked for again in this page); index.ts offers Reload.
   */
  startFailed: () => void;
  shellFailed: boolean;
  /** config.json as the loader read it, for reports.js (reports/document-reports.ts). */
  config?: unknown;
}

declare global {
  interface Window {
    agriIslands?: IslandLoader;
  }
}

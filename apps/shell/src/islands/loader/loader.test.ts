// The page's island loader, part by part, in jsdom; the e2e suites run it in Chromium on the prerendered pages.
import { createHash, webcrypto } from 'node:crypto';
import { waitFor } from '@testing-library/react';
import { CART_COUNT_KEY, CUSTOMER_KEY, ISLAND, KEEPS_QUERY, OUTBOX_KEY, PAGE_ELEMENT, TAB_KEYS, type PageCode, type PageState } from '@agri/ui/island-protocol';
import { markAnswering, restorePage } from './document-marks';
import { showConnection, showStoredSession } from './frame';
import { confirmAnswers, wakeNearWindow, wakeWhenOutOfDate } from './fresh-answers';
import { holdTaps } from './held-taps';
import { createLoader, type PageLoader } from './islands-loader';
import { sendKeptRequests } from './kept-requests';
import { readSiteConfig } from './site-config';

const code: PageCode = {
  entry: '/releases/shell/v1/main.js',
  reports: '/releases/shell/v1/reports.js',
  preloads: {
    shell: ['/releases/shell/v1/56.js'],
    catalog: ['/releases/catalog/v2/remoteEntry.js', '/releases/catalog/v2/441.js'],
    content: ['/releases/content/v3/remoteEntry.js'],
  },
};
const state: PageState = {
  path: '/course/1',
  remotes: { catalog: '/releases/catalog/v2/remoteEntry.js' },
  dataAreas: {},
  validators: { 'http://api.test/api/course/1': '"v1"', 'http://api.test/api/faq': '"f1"' },
  islands: { route: '/course/:id', answers: { '0': ['http://api.test/api/course/1'], '1': ['http://api.test/api/faq'] } },
};

const island = (attributes: Record<string, string>, inner = '') =>
  `<div ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ')}>${inner}</div>`;
const byName = (name: string) => document.querySelector<HTMLElement>(`[${ISLAND.name}="${name}"]`)!;
const entryScripts = () => document.head.querySelectorAll(`script[src="${code.entry}"]`);
/** The loader asks for the code after the next paint: a frame, then a task. */
const nextPaint = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
const fetchAnswering = (answer: (url: string, init?: RequestInit) => Response | Promise<Response>) =>
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => Promise.resolve(answer(String(input), init)));

let loader: PageLoader;
beforeEach(() => {
  loader = createLoader(code);
});
afterEach(() => {
  jest.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-shell');
  document.documentElement.removeAttribute('data-save-data');
  localStorage.clear();
  sessionStorage.clear();
});

describe('asking for an island', () => {
  test('asks for the shell’s code once, after the next paint, with all its islands will load fetched at once', async () => {
    const fetched = fetchAnswering(() => new Response(''));
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/course' }) + island({ [ISLAND.name]: 'shell/header' });
    loader.ask(byName('catalog/course'));
    loader.ask(byName('shell/header'));
    loader.ask(byName('catalog/course'));
    expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'starting');
    expect(entryScripts()).toHaveLength(0);
    await nextPaint();
    expect(entryScripts()).toHaveLength(1);
    // The shell's and the catalog's, each once; not the content remote's, whose islands no one asked for.
    expect(fetched.mock.calls.map(([url]) => url)).toEqual([...code.preloads.shell!, ...code.preloads.catalog!]);
    expect(loader.queue).toEqual([byName('catalog/course'), byName('shell/header')]);
  });

  test('a shell island’s tap fetches the shell’s code alone; a remote’s island asked later, its remote’s code then', async () => {
    const fetched = fetchAnswering(() => new Response(''));
    document.body.innerHTML = island({ [ISLAND.name]: 'shell/newsletter' }) + island({ [ISLAND.name]: 'content/blogs' });
    loader.ask(byName('shell/newsletter'));
    await nextPaint();
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(code.preloads.shell);
    loader.hydrate = jest.fn();
    loader.ask(byName('content/blogs'));
    expect(fetched.mock.calls.map(([url]) => url)).toEqual([...code.preloads.shell!, ...code.preloads.content!]);
  });

  test('once the shell has taken over, an island asked for is hydrated at once', () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/course' });
    const hydrate = jest.fn();
    loader.hydrate = hydrate;
    loader.ask(byName('catalog/course'));
    expect(hydrate).toHaveBeenCalledWith(byName('catalog/course'));
  });

  test('code that could not come says so with Retry, which asks again; the connection back tries again too', async () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/course' });
    const fetched = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    loader.ask(byName('catalog/course'));
    await nextPaint();
    entryScripts()[0]!.dispatchEvent(new Event('error'));
    expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'failed');
    expect(byName('catalog/course')).toHaveTextContent('This section is temporarily unavailable.');
    expect(entryScripts()).toHaveLength(0);
    byName('catalog/course').querySelector('button')!.click();
    expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'starting');
    expect(byName('catalog/course').querySelector('[role="alert"]')).toBeNull();
    await nextPaint();
    expect(entryScripts()).toHaveLength(1);
    // What could not come is fetched again with it.
    const asked = [...code.preloads.shell!, ...code.preloads.catalog!];
    expect(fetched.mock.calls.map(([url]) => url)).toEqual([...asked, ...asked]);
  });

  test('the connection back asks again for code that could not come, and again after a wait while it still cannot', async () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/course' });
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    sendKeptRequests(loader, [200]);
    const codeCannotCome = async () => {
      await nextPaint();
      entryScripts()[0]!.dispatchEvent(new Event('error'));
      expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'failed');
    };
    loader.ask(byName('catalog/course'));
    await codeCannotCome();
    window.dispatchEvent(new Event('online'));
    expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'starting');
    // The link is not quite back: the first try fails too, and the island is asked again after the wait.
    await codeCannotCome();
    await waitFor(() => expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'starting'));
    // Past the last wait nothing more is tried by itself: Retry, or the next 'online', asks again.
    await codeCannotCome();
    await new Promise((done) => setTimeout(done, 300));
    expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'failed');
  });

  test('a shell that came but could not start leaves every waiting island unavailable, without Retry', () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/course' });
    loader.ask(byName('catalog/course'));
    loader.startFailed();
    expect(byName('catalog/course')).toHaveAttribute(ISLAND.state, 'failed');
    expect(byName('catalog/course').querySelector('[role="alert"]')).toHaveTextContent('This section is temporarily unavailable.');
    expect(byName('catalog/course').querySelector('button')).toBeNull();
  });

  test('a page the shell renders afresh is let go: nothing more is asked for', () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/course' });
    loader.wholePage = true;
    loader.ask(byName('catalog/course'));
    expect(byName('catalog/course')).not.toHaveAttribute(ISLAND.state);
  });
});

describe('a touch before the code is in', () => {
  const form = `<form><input name="email"><button type="submit">Send</button></form><button type="button">Book Event</button><a href="/cart">Cart</a>`;
  // One loader listens, as on a page: listeners on the document stay for the file's life.
  const touched = createLoader(code);
  beforeAll(() => holdTaps(touched));
  beforeEach(() => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/event', [ISLAND.hydration]: 'changed interaction' }, form);
  });
  const event = () => byName('catalog/event');

  test('a tap on a button is held, shown as heard, and carried out once when the island is in', () => {
    const book = event().querySelector<HTMLButtonElement>('button[type="button"]')!;
    const taps = jest.fn();
    book.addEventListener('click', taps);
    book.click();
    expect(taps).not.toHaveBeenCalled();
    expect(book).toHaveAttribute('aria-busy', 'true');
    expect(event()).toHaveAttribute(ISLAND.state, 'starting');
    touched.hydrated(event());
    expect(taps).toHaveBeenCalledTimes(1);
    expect(book).not.toHaveAttribute('aria-busy');
    book.click();
    expect(taps).toHaveBeenCalledTimes(2);
  });

  test('a form sent is sent once the island is in, by the same button, even if React drew it afresh', () => {
    const sent = jest.fn((submitted: SubmitEvent) => submitted.preventDefault());
    const send = event().querySelector<HTMLButtonElement>('button[type="submit"]')!;
    send.click();
    expect(send).toHaveAttribute('aria-busy', 'true');
    // Drawn afresh: the controls in the island are new elements, found by their place.
    event().innerHTML = form;
    event().querySelector('form')!.addEventListener('submit', sent);
    touched.hydrated(event());
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]![0].submitter).toBe(event().querySelector('button[type="submit"]'));
  });

  test('a link is the browser’s, and a field left is marked as touched', () => {
    const link = event().querySelector('a')!;
    const followed = jest.fn((clicked: MouseEvent) => clicked.preventDefault());
    link.addEventListener('click', followed);
    link.click();
    expect(followed).toHaveBeenCalledTimes(1);
    const field = event().querySelector('input')!;
    field.focus();
    expect(event()).toHaveAttribute(ISLAND.state, 'starting');
    field.blur();
    expect(field).toHaveProperty('leftBeforeCode', true);
  });

  test('a button that opens the menu opens it at once, from the page alone, where the browser has no invoker commands', () => {
    event().insertAdjacentHTML(
      'beforeend',
      '<button type="button" commandfor="menu" command="show-modal">Menu</button><dialog id="menu"><button type="button" commandfor="menu" command="close">Close menu</button></dialog>',
    );
    const [open, close] = [...event().querySelectorAll<HTMLButtonElement>('button[commandfor]')];
    open!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    open!.focus();
    // Its code is asked for once the menu is open, not before.
    expect(event()).not.toHaveAttribute(ISLAND.state);
    open!.click();
    expect(document.querySelector('dialog')).toHaveAttribute('open');
    expect(open).not.toHaveAttribute('aria-busy');
    expect(event()).toHaveAttribute(ISLAND.state, 'starting');
    close!.click();
    expect(document.querySelector('dialog')).not.toHaveAttribute('open');
  });

  test('an island that wakes only for changed answers holds nothing', () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'catalog/courses', [ISLAND.hydration]: 'changed' }, '<button type="button">Filter</button>');
    const taps = jest.fn();
    byName('catalog/courses').querySelector('button')!.addEventListener('click', taps);
    byName('catalog/courses').querySelector('button')!.click();
    expect(taps).toHaveBeenCalledTimes(1);
    expect(byName('catalog/courses')).not.toHaveAttribute(ISLAND.state);
  });
});

describe('the page as it was made', () => {
  test('buttons woken by a touch answer from the start, and React’s styles come back from their data', () => {
    document.body.innerHTML =
      island({ [ISLAND.name]: 'content/hero', [ISLAND.hydration]: 'interaction' }, '<button disabled>Pause</button>') +
      island({ [ISLAND.name]: 'content/blogs', [ISLAND.hydration]: 'changed' }, '<button disabled>More</button>') +
      '<div class="slick-track" data-prerendered-style="width: 400%;"></div>';
    restorePage();
    expect(byName('content/hero').querySelector('button')).toBeEnabled();
    expect(byName('content/blogs').querySelector('button')).toBeDisabled();
    expect(document.querySelector<HTMLElement>('.slick-track')!.style.width).toBe('400%');
    expect(document.querySelector('.slick-track')).not.toHaveAttribute('data-prerendered-style');
  });

  test('a link that keeps the query is given the page’s, before any code is in', () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fcourse%2F1');
    document.body.innerHTML = `<a href="/register" ${KEEPS_QUERY}>Create an account</a><a href="/forgot-password">Forgot?</a>`;
    restorePage();
    expect(document.querySelector(`[${KEEPS_QUERY}]`)).toHaveAttribute('href', 'http://localhost/register?redirect=%2Fcourse%2F1');
    expect(document.querySelector('[href="/forgot-password"]')).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });
  test('the document answers, and fetches the next page ahead unless the visitor saves data or is on 2G', () => {
    Object.assign(globalThis, { SPECULATION_RULES: '{"prefetch":[]}' });
    const link = (connection: object | undefined) => Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    const rules = () => document.head.querySelectorAll('script[type="speculationrules"]');
    link({ saveData: true });
    markAnswering();
    expect(document.documentElement).toHaveAttribute('data-shell', 'islands');
    expect(document.documentElement).toHaveAttribute('data-save-data');
    expect(rules()).toHaveLength(0);
    link({ effectiveType: 'slow-2g' });
    markAnswering();
    expect(rules()).toHaveLength(0);
    link(undefined);
    markAnswering();
    expect(rules()).toHaveLength(1);
    expect(rules()[0]!.textContent).toBe('{"prefetch":[]}');
  });

  test('the header shows the stored session: the signed-in links and the cart’s count, said', () => {
    document.body.innerHTML =
      '<a class="cart-link" data-signed-in hidden aria-label="Cart, 0 items"><span class="cart-count">0</span></a><a data-signed-out>Log In</a>';
    showStoredSession();
    expect(document.querySelector('[data-signed-in]')).not.toBeVisible();
    localStorage.setItem(CUSTOMER_KEY, '{not json');
    showStoredSession();
    expect(document.querySelector('[data-signed-in]')).not.toBeVisible();
    localStorage.setItem(CUSTOMER_KEY, JSON.stringify({ _id: 'c1' }));
    localStorage.setItem(CART_COUNT_KEY, '1');
    showStoredSession();
    expect(document.querySelector('[data-signed-in]')).toBeVisible();
    expect(document.querySelector('[data-signed-out]')).not.toBeVisible();
    expect(document.querySelector('.cart-link')).toHaveAttribute('aria-label', 'Cart, 1 item');
    expect(document.querySelector('.cart-count')).toHaveTextContent('1');
  });

  test('the offline notice shows while there is no connection', () => {
    document.body.innerHTML = '<div data-offline-notice hidden>You are offline.</div>';
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    showConnection();
    expect(document.querySelector('[data-offline-notice]')).toBeVisible();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(document.querySelector('[data-offline-notice]')).not.toBeVisible();
  });

  test('what waits in the outbox brings the site’s code to send it', async () => {
    const fetched = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(''));
    localStorage.setItem(OUTBOX_KEY, '[{"kind":"enquiry"}]');
    sendKeptRequests(loader);
    expect(entryScripts()).toHaveLength(1);
    // The outbox is the shell's: no remote's code comes for it.
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(code.preloads.shell);
  });

  test('toasts the page before kept for this one bring the site’s code to show them; none, nothing', () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(''));
    sendKeptRequests(loader);
    expect(entryScripts()).toHaveLength(0);
    sessionStorage.setItem(TAB_KEYS.toastsForNextPage, '[{"kind":"success","message":"Password Updated Successfully"}]');
    sendKeptRequests(createLoader(code));
    expect(entryScripts()).toHaveLength(1);
  });
});

describe('an island that wakes near the window', () => {
  const carousel = () => island({ [ISLAND.name]: 'content/testimonials', [ISLAND.hydration]: 'visible' }, '<section>Testimonials</section>');
  afterEach(() => Reflect.deleteProperty(window, 'IntersectionObserver'));

  test('asks for its code only when its content comes within 200 px of the window, once', async () => {
    const watched: WatchingObserver[] = [];
    class WatchingObserver {
      targets: Element[] = [];
      constructor(
        readonly callback: IntersectionObserverCallback,
        readonly options?: IntersectionObserverInit,
      ) {
        watched.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      unobserve(target: Element) {
        this.targets.splice(this.targets.indexOf(target), 1);
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: WatchingObserver, configurable: true });
    fetchAnswering(() => new Response(''));
    document.body.innerHTML = carousel();
    wakeNearWindow(loader);
    const [observer] = watched as [WatchingObserver];
    const { callback, options, targets } = observer;
    expect(options?.rootMargin).toBe('200px 0px');
    // Its element has no box (display: contents): its content is what is watched.
    expect(targets).toEqual([byName('content/testimonials').firstElementChild]);
    const report = (isIntersecting: boolean) =>
      callback(
        [{ isIntersecting, target: byName('content/testimonials').firstElementChild! } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    report(false);
    await nextPaint();
    expect(entryScripts()).toHaveLength(0);
    report(true);
    await nextPaint();
    expect(entryScripts()).toHaveLength(1);
    expect(targets).toEqual([]);
  });

  test('asks at once where the browser cannot tell', async () => {
    fetchAnswering(() => new Response(''));
    document.body.innerHTML = carousel();
    wakeNearWindow(loader);
    await nextPaint();
    expect(entryScripts()).toHaveLength(1);
  });
});

describe('a visitor who saves data, or is on 2G', () => {
  afterEach(() => Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true }));

  test.each([{ saveData: true }, { effectiveType: '2g' }])('is sent no code before a touch (%p); a touch brings its island’s wave alone', async (link) => {
    Object.defineProperty(navigator, 'connection', { value: link, configurable: true });
    Object.assign(globalThis, { SPECULATION_RULES: '{"prefetch":[]}' });
    const live = { remotes: { catalog: { entry: '/releases/catalog/v2/remoteEntry.js' } }, offline: false };
    const fetched = fetchAnswering((url) => (url === '/config.json' ? Response.json(live) : new Response('')));
    document.body.innerHTML = island(
      { [ISLAND.name]: 'catalog/course', [ISLAND.hydration]: 'changed interaction' },
      '<button type="button">Add to cart</button>',
    );
    // The page's start, as index.ts runs it, but for the answers' check (API reads once idle, no code).
    markAnswering();
    restorePage();
    showStoredSession();
    showConnection();
    readSiteConfig(loader, state, code);
    wakeWhenOutOfDate(loader);
    await nextPaint();
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(['/config.json']);
    expect(entryScripts()).toHaveLength(0);
    expect(document.head.querySelectorAll('link, script[type="speculationrules"]')).toHaveLength(0);
    // What a touch does (holdTaps, above).
    loader.ask(byName('catalog/course'));
    await nextPaint();
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(['/config.json', ...code.preloads.shell!, ...code.preloads.catalog!]);
    expect(entryScripts()).toHaveLength(1);
  });
});

describe('config.json', () => {
  const configured = async (config: object, page: PageState = state) => {
    fetchAnswering((url) => (url === '/config.json' ? Response.json(config) : new Response('')));
    readSiteConfig(loader, page, code);
    await new Promise((done) => setTimeout(done, 0));
    return entryScripts().length > 0;
  };
  const live = { catalog: { entry: '/releases/catalog/v2/remoteEntry.js' } };

  test('a page made with the releases live now asks for nothing', async () => {
    expect(await configured({ remotes: live, offline: false })).toBe(false);
    expect(loader.config).toEqual({ remotes: live, offline: false });
  });

  test('a page made with other releases, with one in a canary, or in a preview, asks for the shell’s code at once', async () => {
    expect(await configured({ remotes: { catalog: { entry: '/releases/catalog/v3/remoteEntry.js' } }, offline: false })).toBe(true);
    document.head.innerHTML = '';
    loader = createLoader(code);
    expect(await configured({ remotes: { catalog: { ...live.catalog, canary: { entry: '/x.js', share: 10 } } }, offline: false })).toBe(true);
    document.head.innerHTML = '';
    loader = createLoader(code);
    sessionStorage.setItem(TAB_KEYS.preview, 'catalog@20261201.090000-aaaaaaa');
    expect(await configured({ remotes: live, offline: false })).toBe(true);
  });

  test('the not-found page asks for the shell’s code when a remote went live since it was made', async () => {
    const notFound = { ...state, path: '*' };
    expect(await configured({ remotes: { ...live, account: { entry: '/releases/account/v1/remoteEntry.js' } }, offline: false }, notFound)).toBe(true);
  });
});

describe('answers that changed', () => {
  test('wake only the islands that show them', async () => {
    document.body.innerHTML =
      island({ [ISLAND.name]: 'catalog/course', [ISLAND.hydration]: 'changed', [ISLAND.index]: '0' }) +
      island({ [ISLAND.name]: 'content/faq', [ISLAND.hydration]: 'changed', [ISLAND.index]: '1' });
    const fromApi = (url: string) => url.startsWith('http://api.test/');
    const asked = fetchAnswering((url, init) => {
      // The islands' code, which a woken island has the loader fetch (on a busy machine, before the test ends).
      if (!fromApi(url)) return new Response('');
      const etag = new Headers(init?.headers).get('If-None-Match');
      return url.endsWith('/course/1') ? Response.json({ title: 'now' }) : new Response(null, { status: 304, headers: { ETag: etag! } });
    });
    confirmAnswers(loader, state);
    await waitForState(byName('catalog/course'), 'starting');
    expect(asked.mock.calls.filter(([input]) => fromApi(String(input)))).toHaveLength(2);
    expect(byName('content/faq')).not.toHaveAttribute(ISLAND.state);
  });

  test('an answer that came without an ETag is confirmed by its body’s hash', async () => {
    document.body.innerHTML =
      island({ [ISLAND.name]: 'content/blogs', [ISLAND.hydration]: 'changed', [ISLAND.index]: '0' }) +
      island({ [ISLAND.name]: 'content/home-blog', [ISLAND.hydration]: 'changed', [ISLAND.index]: '1' });
    // jsdom has no SubtleCrypto: Node's, as a browser has it.
    Object.defineProperty(window, 'crypto', { value: webcrypto, configurable: true });
    const hashOf = (body: string) => createHash('sha256').update(body).digest('base64');
    const answerHashes = { 'http://api.test/api/blog': hashOf('[{"title":"Avocado"}]'), 'http://api.test/api/blog?limit=3': hashOf('[]') };
    const answers = { '0': ['http://api.test/api/blog'], '1': ['http://api.test/api/blog?limit=3'] };
    fetchAnswering((url) => new Response(url.endsWith('limit=3') ? '[]' : '[{"title":"Avocado, now with a picture"}]'));
    confirmAnswers(loader, { ...state, validators: {}, answerHashes, islands: { route: '/blogs', answers } });
    await waitForState(byName('content/blogs'), 'starting');
    expect(byName('content/home-blog')).not.toHaveAttribute(ISLAND.state);
  });

  test('a page made before the answers of each island were noted wakes every island that shows answers', async () => {
    document.body.innerHTML = island({ [ISLAND.name]: 'content/blogs', [ISLAND.hydration]: 'changed', [ISLAND.index]: '0' });
    fetchAnswering(() => Response.json([]));
    confirmAnswers(loader, { ...state, islands: { route: '/course/:id' } });
    await waitForState(byName('content/blogs'), 'starting');
  });

  test('an island whose content stops holding is woken then, or at once if that time has passed', () => {
    jest.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
    document.body.innerHTML =
      island({ [ISLAND.name]: 'catalog/events', [ISLAND.until]: '2026-12-01T09:00:00Z' }) +
      island({ [ISLAND.name]: 'catalog/upcoming-events', [ISLAND.until]: '2026-12-01T12:00:00Z' });
    wakeWhenOutOfDate(loader);
    expect(byName('catalog/events')).toHaveAttribute(ISLAND.state, 'starting');
    expect(byName('catalog/upcoming-events')).not.toHaveAttribute(ISLAND.state);
    jest.advanceTimersByTime(2 * 60 * 60 * 1000);
    expect(byName('catalog/upcoming-events')).toHaveAttribute(ISLAND.state, 'starting');
    jest.useRealTimers();
  });
});

/** Waits for the loader to have marked an island (it confirms answers once the browser is idle). */
const waitForState = (element: HTMLElement, expected: string) => waitFor(() => expect(element).toHaveAttribute(ISLAND.state, expected));

test('the ids of the page’s JSON elements are those tooling/prerender/page-html.mjs writes', () => {
  expect(PAGE_ELEMENT).toEqual({ state: 'prerendered-page', code: 'page-code' });
});

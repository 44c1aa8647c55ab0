import { createHash, webcrypto } from 'node:crypto';
import {
  codeKey,
  droppedPages,
  ownerCodeBases,
  ownPagePath,
  emptyIndex,
  KEPT_FOR_MS,
  KEPT_PAGES,
  isLibraryPicture,
  mayBeCode,
  neverChanges,
  OFFLINE_PAGE_STYLE,
  offlinePageHtml,
  offlinePagePolicy,
  publicPageFacts,
  withPage,
} from './offline-rules';

const prerendered = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><div id="root"><h1>Our Courses</h1></div>` +
  '<script type="application/json" id="prerendered-page">{"path":"/courses","remotes":{"catalog":"/releases/catalog/v2/remoteEntry.js"},"dataAreas":{}}</script>' +
  '<script type="application/json" id="page-code">{"entry":"/releases/shell/v1/main.1234abcd.js","preloads":{}}</script></body></html>';

test('a prerendered page is public: its title and the folders of the shell and remote releases it runs are kept', () => {
  expect(publicPageFacts(prerendered('Courses &amp; Training | Mavuno'), 'https://mavuno.example/courses')).toEqual({
    title: 'Courses & Training | Mavuno',
    codeBases: ['https://mavuno.example/releases/shell/v1/', 'https://mavuno.example/releases/catalog/v2/'],
  });
});

test('a page rendered in the browser (an account page, the back office) is never kept', () => {
  const clientRendered =
    '<!doctype html><html><head><title>Mavuno</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';
  expect(publicPageFacts(clientRendered, 'https://mavuno.example/my-profile')).toBeNull();
  expect(publicPageFacts(prerendered('x').replace('{"path"', '{oops'), 'https://mavuno.example/courses')).toBeNull();
});

test('a page is kept only under a path of the site’s own origin, its query left out; any other asked for is refused', () => {
  const origin = 'https://mavuno.example';
  expect(ownPagePath('/courses', origin)).toBe('/courses');
  expect(ownPagePath('/course/iso-22000?utm_source=sms#price', origin)).toBe('/course/iso-22000');
  for (const path of [
    '//other.example/x',
    '/\\other.example/x',
    '/\\/other.example/x',
    '/\t/other.example/x',
    '/.//other.example/x',
    '/%2e//other.example/x',
    '/courses/..//other.example',
    'https://other.example/x',
    `${origin}/courses`,
    'courses',
    '',
    42,
    null,
  ]) {
    expect([path, ownPagePath(path, origin)]).toEqual([path, null]);
  }
});

test('code is a remote entry, a file of a release folder or a content-hashed file; only the last two never change', () => {
  const url = (href: string) => new URL(href, 'https://mavuno.example');
  expect(mayBeCode(url('/releases/catalog/v2/remoteEntry.js'))).toBe(true);
  expect(mayBeCode(url('http://localhost:5001/remoteEntry.js'))).toBe(true);
  expect(mayBeCode(url('/releases/catalog/v2/441.css'))).toBe(true);
  expect(mayBeCode(url('/main.1234abcd.js'))).toBe(true);
  expect(mayBeCode(url('/releases/catalog/index.json'))).toBe(false);
  expect(mayBeCode(url('/config.json'))).toBe(false);
  expect(mayBeCode(url('/courses'))).toBe(false);
  expect(neverChanges(url('/releases/catalog/v2/remoteEntry.js'))).toBe(true);
  expect(neverChanges(url('http://localhost:5001/remoteEntry.js'))).toBe(false);
  expect(codeKey(url('/releases/catalog/v2/remoteEntry.js?attempt=2'))).toBe('https://mavuno.example/releases/catalog/v2/remoteEntry.js');
});

test('at most KEPT_PAGES pages are kept, none older than KEPT_FOR_MS; the oldest go first', () => {
  const facts = { title: 'A page', codeBases: ['https://mavuno.example/releases/shell/v1/'] };
  let index = emptyIndex();
  for (let page = 0; page < KEPT_PAGES; page += 1) index = withPage(index, `/course/${page}`, facts, 1000 + page);
  const next = withPage(index, '/courses', { ...facts, codeBases: ['https://mavuno.example/releases/catalog/v2/'] }, 5000);
  expect(Object.keys(next.pages)).toHaveLength(KEPT_PAGES);
  expect(droppedPages(index, next)).toEqual(['/course/0']);
  expect(next.codeBases).toEqual(['https://mavuno.example/releases/catalog/v2/', 'https://mavuno.example/releases/shell/v1/']);
  const later = withPage(next, '/events', facts, 5000 + KEPT_FOR_MS + 1);
  expect(Object.keys(later.pages)).toEqual(['/events']);
});

test('the offline page lists the pages kept on the phone, escaped, and says so when there are none', () => {
  const index = withPage(emptyIndex(), '/courses', { title: 'Courses <b>', codeBases: [] }, 1);
  const html = offlinePageHtml(index);
  expect(html).toContain('<h1>You are offline</h1>');
  expect(html).toContain('<a href="/courses">Courses &lt;b&gt;</a>');
  expect(html).not.toContain('<script');
  expect(offlinePageHtml(emptyIndex())).toContain('No pages are kept on this phone yet');
});

test('the offline page’s policy allows its own style sheet, by hash, and nothing else', async () => {
  // jsdom has no WebCrypto digest; a service worker has.
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  const hash = createHash('sha256').update(OFFLINE_PAGE_STYLE).digest('base64');
  expect(offlinePageHtml(emptyIndex())).toContain(`<style>${OFFLINE_PAGE_STYLE}</style>`);
  expect(await offlinePagePolicy()).toBe(`default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
});

test('the code of a kept page is also that of the release its config.json names for the page’s owner (and its canary)', () => {
  const config = {
    remotes: {
      catalog: { entry: '/releases/catalog/v3/remoteEntry.js', routes: ['/courses', '/course'], canary: { entry: '/releases/catalog/v4/remoteEntry.js' } },
      account: { entry: '/releases/account/v9/remoteEntry.js', routes: ['/login'] },
    },
  };
  expect(ownerCodeBases(config, '/course/42', 'https://mavuno.example')).toEqual([
    'https://mavuno.example/releases/catalog/v3/',
    'https://mavuno.example/releases/catalog/v4/',
  ]);
  expect(ownerCodeBases(config, '/no-such-page', 'https://mavuno.example')).toEqual([]);
  expect(ownerCodeBases({}, '/courses', 'https://mavuno.example')).toEqual([]);
});

describe('library pictures', () => {
  const origin = 'https://mavuno.example';
  it('are the files of the media library on the site’s own origin, and nothing else', () => {
    expect(isLibraryPicture(new URL('/static/pictures/files/0123456789abcdef0123-412.avif', origin), origin)).toBe(true);
    expect(isLibraryPicture(new URL('/static/pictures/files/0123456789abcdef0123-1280.jpg', origin), origin)).toBe(true);
    // A picture's reference answers its JPEG and may be deleted: not kept as a file that never changes.
    expect(isLibraryPicture(new URL('/static/pictures/6f1c7c3e-7d0a-4c55-9a43-2f1b8d7e9a10', origin), origin)).toBe(false);
    expect(isLibraryPicture(new URL('/static/blog/maize.svg', origin), origin)).toBe(false);
    expect(isLibraryPicture(new URL('https://api.mavuno.example/static/pictures/files/0123456789abcdef0123-412.avif'), origin)).toBe(false);
  });
});

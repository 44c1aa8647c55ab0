// @ts-check
// The files a prerendered page becomes: where they go, and what the HTML holds.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { pageHtml } from './page-html.mjs';
import { pageFile, preloadsOf, settleRun } from './prerender.mjs';

const TEMPLATE = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mavuno Agri-Food Consultants</title>',
  '<script defer src="/releases/shell/v1/main.js"></script></head><body>',
  '<div id="startup-spinner" role="status" aria-label="Loading"><div></div></div>',
  '<div id="root"></div><noscript>This website needs JavaScript to run.</noscript></body></html>',
].join('');
/** The shell's island loader, as a build makes it (a stand-in): the page carries it inline, as it is. */
const LOADER = '(()=>{document.documentElement.dataset.shell="islands"})()';
/**
 * A page's head. The fixtures below that are about other tags leave out the picture and the site's name
 * (pageHtml writes neither then, as for null): they are cast to it.
 *
 * @typedef {Parameters<typeof pageHtml>[0]['head']} Head
 */

test('a page goes to <path>/index.html under the folder, and no path leaves it', () => {
  assert.equal(pageFile('/out', '/'), join('/out', 'index.html'));
  assert.equal(pageFile('/out', '/courses'), join('/out', 'courses', 'index.html'));
  assert.equal(pageFile('/out', '/course/65a1b2c3d4e5f60718293a4b'), join('/out', 'course', '65a1b2c3d4e5f60718293a4b', 'index.html'));
  for (const path of ['/../etc', '/a/../../b', '/%2e%2e/x', '/a%2fb', 'courses', '/a//b', '/a\\b', '/%00']) {
    assert.throws(() => pageFile('/out', path), /not a path a page can be written for/, path);
  }
});

test('the page holds its head tags, content and state; nothing in the data can end the script it travels in', () => {
  const html = pageHtml({
    template: TEMPLATE,
    loader: LOADER,
    origin: 'https://mavuno.example',
    html: '<main><h1>Our Courses</h1></main>',
    state: { path: '/courses', remotes: {}, dataAreas: { 'catalog/courses': { key: '[]', data: [{ title: '</script><script>alert(1)</script><!--' }] } } },
    head: {
      title: 'Courses & "Training" | Mavuno',
      description: 'Food <safety> courses',
      keywords: 'HACCP',
      canonical: 'https://mavuno.example/courses',
      image: 'https://mavuno.example/share-card.png?a=1&b="2"',
      siteName: 'Mavuno',
    },
    stylesheets: [{ href: 'https://mavuno.example/releases/catalog/v2/441.css', dataRspack: 'catalog:chunk-441' }],
    preloads: {
      shell: ['https://mavuno.example/releases/shell/v1/56.js'],
      catalog: ['https://mavuno.example/releases/catalog/v2/remoteEntry.js', 'https://cdn.example/releases/catalog/v2/441.js'],
    },
  });
  assert.match(html, /<title>Courses &amp; &quot;Training&quot; \| Mavuno<\/title>/);
  assert.match(html, /<meta name="description" content="Food &lt;safety&gt; courses">/);
  assert.match(html, /<link rel="canonical" href="https:\/\/mavuno.example\/courses">/);
  // A shared link shows the page's title, picture and description, on the site's name.
  for (const tag of [
    '<meta property="og:site_name" content="Mavuno">',
    '<meta property="og:title" content="Courses &amp; &quot;Training&quot; | Mavuno">',
    '<meta property="og:url" content="https://mavuno.example/courses">',
    '<meta property="og:image" content="https://mavuno.example/share-card.png?a=1&amp;b=&quot;2&quot;">',
    '<meta name="twitter:card" content="summary_large_image">',
    '<meta name="twitter:image" content="https://mavuno.example/share-card.png?a=1&amp;b=&quot;2&quot;">',
    '<meta name="twitter:description" content="Food &lt;safety&gt; courses">',
  ]) {
    assert.ok(html.includes(tag), tag);
  }
  assert.doesNotMatch(html, /Mavuno Agri-Food Consultants<\/title>/, 'the generic title is replaced');
  assert.match(html, /<div id="root"><main><h1>Our Courses<\/h1><\/main><\/div>/);
  // The page's own origin is written from the root; another origin stays whole.
  assert.match(html, /<link rel="stylesheet" href="\/releases\/catalog\/v2\/441.css" data-rspack="catalog:chunk-441">/);
  // The code is not in the head: the page's loader asks for it, the shell's entry and all it will need.
  assert.doesNotMatch(html.slice(0, html.indexOf('</head>')), /<script|remoteEntry/);
  const code = JSON.parse(/** @type {RegExpExecArray} */ (/<script type="application\/json" id="page-code">(.*?)<\/script>/.exec(html))[1]);
  assert.deepEqual(code, {
    entry: '/releases/shell/v1/main.js',
    // The shell's reports.js, built beside its entry, which the loader adds for a visit no island needed.
    reports: '/releases/shell/v1/reports.js',
    preloads: { shell: ['/releases/shell/v1/56.js'], catalog: ['/releases/catalog/v2/remoteEntry.js', 'https://cdn.example/releases/catalog/v2/441.js'] },
  });
  // No spinner over a page that is there, no "needs JavaScript" under one that reads without it.
  assert.doesNotMatch(html, /startup-spinner|<noscript>/);
  const state = /** @type {RegExpExecArray} */ (/<script type="application\/json" id="prerendered-page">(.*?)<\/script>/.exec(html));
  assert.equal(/** @type {RegExpMatchArray} */ (html.match(/<\/script>/g)).length, 3, 'only the state, the code list and the loader close a script element');
  assert.ok(html.includes(`<script>${LOADER}</script>`), 'the loader, inline');
  assert.equal(JSON.parse(state[1]).dataAreas['catalog/courses'].data[0].title, '</script><script>alert(1)</script><!--');
});

test("React's hints for the first images go to the head, after the style sheets", () => {
  const hero = '<link rel="preload" as="image" href="https://mavuno.example/releases/content/v3/assets/hero.svg" fetchPriority="high"/>';
  const html = pageHtml({
    template: TEMPLATE,
    loader: LOADER,
    origin: 'https://mavuno.example',
    html: `${hero}<main><h1>Welcome</h1><img src="https://mavuno.example/releases/content/v3/assets/hero.svg" alt=""></main>`,
    state: { path: '/', remotes: {}, dataAreas: {} },
    head: /** @type {Head} */ ({ title: 'Mavuno', description: '', keywords: '', canonical: 'https://mavuno.example/' }),
    stylesheets: [{ href: 'https://mavuno.example/releases/content/v3/281.css', dataRspack: null }],
    preloads: { shell: [], content: ['https://mavuno.example/releases/content/v3/remoteEntry.js'] },
  });
  const head = html.slice(0, html.indexOf('</head>'));
  assert.ok(head.includes(hero), 'the hint is in the head');
  assert.ok(head.indexOf('281.css') < head.indexOf(hero), 'after the sheets');
  assert.match(html, /<div id="root"><main><h1>Welcome<\/h1><img /, 'the content starts with the page itself');
});

test('the not-found page has no address of its own: no canonical link, no og:url, and it asks not to be indexed', () => {
  const html = pageHtml({
    template: TEMPLATE,
    loader: LOADER,
    origin: 'https://mavuno.example',
    html: '<main><h1>Page not found</h1></main>',
    state: { path: '*', remotes: {}, dataAreas: {}, islands: { route: '*' } },
    head: /** @type {Head} */ ({ title: 'Page not found', description: 'The page you are looking for does not exist.', keywords: '', canonical: null }),
    stylesheets: [],
    preloads: {},
  });
  const head = html.slice(0, html.indexOf('</head>'));
  assert.doesNotMatch(head, /rel="canonical"|og:url/);
  assert.match(head, /<meta name="robots" content="noindex">/);
});

test('a page that asks to be no search result (log in) keeps its address and says noindex; any other page says nothing of robots', () => {
  /** @type {(head: { noindex?: boolean }) => string} */
  const page = (head) =>
    pageHtml({
      template: TEMPLATE,
      loader: LOADER,
      origin: 'https://mavuno.example',
      html: '<main><h1>Log In</h1></main>',
      state: { path: '/login', remotes: {}, dataAreas: {}, islands: { route: '/login' } },
      head: /** @type {Head} */ ({ title: 'Log In', description: 'Log in.', keywords: '', canonical: 'https://mavuno.example/login', ...head }),
      stylesheets: [],
      preloads: {},
    });
  const signIn = page({ noindex: true });
  assert.match(signIn, /<link rel="canonical" href="https:\/\/mavuno.example\/login">/);
  assert.match(signIn, /<meta name="robots" content="noindex">/);
  assert.doesNotMatch(page({}), /name="robots"/);
});

test('a page’s code is listed by the owner whose islands first asked for it, the shell’s entry aside', () => {
  const template = TEMPLATE; // the shell's entry: /releases/shell/v1/main.js
  const pageUrl = 'https://mavuno.example/course/1';
  const turns = [
    { owner: 'shell', scripts: ['https://mavuno.example/releases/shell/v1/main.js', '/releases/shell/v1/56.js'] },
    {
      owner: 'catalog',
      // The date library is served from the shell's folder (the shell provides the shared libraries) but only
      // the catalog's islands need it: a tap on one of the shell's fetches none of it.
      scripts: [
        'https://mavuno.example/releases/catalog/v2/remoteEntry.js',
        'https://mavuno.example/releases/shell/v1/43.js',
        'https://mavuno.example/releases/shell/v1/56.js',
      ],
    },
    {
      owner: 'content',
      scripts: ['https://cdn.example/content/v3/remoteEntry.js', 'https://mavuno.example/releases/shell/v1/43.js', 'https://cdn.example/content/v3/12.js'],
    },
  ];
  assert.deepEqual(preloadsOf(turns, { template, pageUrl }), {
    shell: ['https://mavuno.example/releases/shell/v1/56.js'],
    catalog: ['https://mavuno.example/releases/catalog/v2/remoteEntry.js', 'https://mavuno.example/releases/shell/v1/43.js'],
    content: ['https://cdn.example/content/v3/remoteEntry.js', 'https://cdn.example/content/v3/12.js'],
  });
  // The monolith: the remotes are built into the shell, one folder; the islands' owners split its code all the same.
  const monolith = TEMPLATE.replace('/releases/shell/v1/main.js', '/main.js');
  const monolithTurns = [
    { owner: 'shell', scripts: ['https://mavuno.example/main.js', 'https://mavuno.example/56.js'] },
    { owner: 'content', scripts: ['https://mavuno.example/2625.js'] },
  ];
  assert.deepEqual(preloadsOf(monolithTurns, { template: monolith, pageUrl }), {
    shell: ['https://mavuno.example/56.js'],
    content: ['https://mavuno.example/2625.js'],
  });
  assert.throws(() => preloadsOf([], { template: '<html></html>', pageUrl }), /no entry script/);
});

// The data changes while a run makes the pages (tests side by side, staff at work).
test('a list that changed after the paths were listed from it counts as changed at the next check', () => {
  const list = 'https://api.example/api/course';
  const before = { etag: '"1"', hash: 'one course' };
  const after = { etag: '"2"', hash: 'two courses' };
  // The paths were listed from the list with one course; /courses, made later, read it with the course added.
  const made = { written: ['/courses'], failed: [], madeFrom: { '/courses': new Map([[list, after]]) } };
  const answers = new Map([[list, after]]);
  settleRun(made, answers, new Map([[list, before]]));
  assert.deepEqual(answers.get(list), before, 'the list is kept as the paths were listed from it');
  assert.deepEqual(made.written, ['/courses'], 'the page made from the later list is kept: the next check makes it again');
  assert.deepEqual(made.failed, []);
});

test('a page made from an answer that changed again before the run ended is not kept', () => {
  const course = 'https://api.example/api/course/1';
  const list = 'https://api.example/api/course';
  const listed = { etag: '"1"', hash: 'the list' };
  const made = {
    written: ['/course/1', '/courses'],
    failed: [],
    madeFrom: {
      '/course/1': new Map([[course, { etag: '"a"', hash: 'price 20,000' }]]),
      '/courses': new Map([[list, listed]]),
    },
  };
  // Another page read the course after its price was raised: that answer is the one kept for the URL.
  const answers = new Map([
    [course, { etag: '"b"', hash: 'price 24,500' }],
    [list, listed],
  ]);
  settleRun(made, answers, new Map([[list, listed]]));
  assert.deepEqual(made.written, ['/courses']);
  assert.deepEqual(made.failed, [{ path: '/course/1', reason: 'its data changed while it was made' }]);
});

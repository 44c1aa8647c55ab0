// @ts-check
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, mock } from 'node:test';
import { changedAnswers, intervalFromEnv, keepPagesFresh, nextSources, pagesToMake, pagesToRemove, refreshFolder, remakeChangedPages } from './fresh-pages.mjs';
import { writeCompressed } from '../build/precompress.mjs';
import { bodyHash, pageFile } from './prerender.mjs';

const COURSES = 'http://api.test/api/course';
const COURSE = 'http://api.test/api/course/c1';
const EVENTS = 'http://api.test/api/event';
const courses = JSON.stringify([{ _id: 'c1', price: 45000 }]);

/** @typedef {import('./fresh-pages.mjs').PageSources} PageSources */
/** @typedef {import('./fresh-pages.mjs').PrerenderResult} PrerenderResult */
/** @typedef {(select: (paths: string[]) => string[]) => Promise<PrerenderResult>} Prerender */
/** @typedef {NonNullable<Awaited<ReturnType<typeof remakeChangedPages>>>} Remade  what a check that made pages gives */
/** @typedef {Record<string, number | 'down'>} Statuses  an answer's status by URL, or 'down' (no answer at all) */
// The fixtures of sources and of runs' results below are partial on purpose: they give only what the code tried
// reads, cast to the whole through Partial (which checks the fields they give).

/**
 * An API as fetch sees it: bodies by URL, with a strong ETag each unless `etags` is off (a hosted API).
 *
 * @param {Record<string, string>} bodies
 * @param {{ etags?: boolean, statuses?: Statuses }} [options]
 */
function fakeApi(bodies, { etags = true, statuses = {} } = {}) {
  /** @type {{ url: string, ifNoneMatch: string | null }[]} */
  const asked = [];
  // Called as the code tried calls fetch: with a URL string, and headers as a record.
  /** @type {(url: string, init?: { headers?: Record<string, string> }) => Promise<Response>} */
  const fakeFetch = async (url, { headers = {} } = {}) => {
    asked.push({ url, ifNoneMatch: headers['If-None-Match'] ?? null });
    if (statuses[url] === 'down') throw new TypeError('fetch failed');
    if (statuses[url]) return new Response(JSON.stringify({ message: 'no' }), { status: statuses[url] });
    const etag = etags ? `"${bodyHash(Buffer.from(bodies[url]))}"` : null;
    if (etag && headers['If-None-Match'] === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(bodies[url], { status: 200, headers: etag ? { ETag: etag } : {} });
  };
  /** @type {(url: string) => import('./fresh-pages.mjs').Answer} */
  const answerOf = (url) => ({ etag: etags ? `"${bodyHash(Buffer.from(bodies[url]))}"` : null, hash: bodyHash(Buffer.from(bodies[url])) });
  return { fetch: /** @type {typeof fetch} */ (fakeFetch), asked, answerOf };
}

describe('changedAnswers', () => {
  it('asks with each ETag and counts a 304 as unchanged, a new tag as changed', async () => {
    const bodies = { [COURSES]: courses, [EVENTS]: '{"data":[]}' };
    const api = fakeApi(bodies);
    const answers = { [COURSES]: api.answerOf(COURSES), [EVENTS]: api.answerOf(EVENTS) };
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch })).changed], []);
    assert.ok(
      api.asked.every(({ ifNoneMatch }) => ifNoneMatch?.startsWith('"')),
      'conditional requests',
    );

    bodies[COURSES] = JSON.stringify([{ _id: 'c1', price: 52000 }]);
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch })).changed], [COURSES]);
  });

  it('compares bodies when the API sends no ETag (a hosted API)', async () => {
    const bodies = { [COURSES]: courses };
    const api = fakeApi(bodies, { etags: false });
    const answers = { [COURSES]: api.answerOf(COURSES) };
    assert.equal((await changedAnswers(answers, { fetch: api.fetch })).changed.size, 0);
    assert.equal(api.asked[0].ifNoneMatch, null);
    bodies[COURSES] = '[]';
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch })).changed], [COURSES]);
  });

  it('counts a removed item (404) as changed, and keeps pages when the API fails or is down', async () => {
    const bodies = { [COURSES]: courses, [COURSE]: '{}', [EVENTS]: '{}' };
    const api = fakeApi(bodies, { statuses: { [COURSE]: 404, [COURSES]: 500, [EVENTS]: 'down' } });
    const answers = { [COURSES]: { etag: '"a"', hash: 'x' }, [COURSE]: { etag: '"b"', hash: 'y' }, [EVENTS]: { etag: null, hash: 'z' } };
    /** @type {string[]} */
    const logged = [];
    const { changed, gone } = await changedAnswers(answers, { fetch: api.fetch, log: (line) => logged.push(line) });
    assert.deepEqual([...changed], [COURSE]);
    assert.deepEqual([...gone], [COURSE], 'a course that is gone, not one whose answer changed');
    assert.equal(logged.length, 2);
  });
});

describe('which pages are made again', () => {
  const listed = { lastmod: null, listed: true };
  const sources = /** @type {PageSources} */ (
    /** @type {Partial<PageSources>} */ ({
      reads: { '/courses': [COURSES], '/course/c1': [COURSE], '/events': [EVENTS], '/': [EVENTS] },
      seo: { '/courses': listed, '/course/c1': listed, '/events': listed, '/': listed },
      listReads: [COURSES, EVENTS],
      answers: { [COURSES]: { etag: '"1"', hash: 'a' }, [COURSE]: { etag: '"2"', hash: 'b' }, [EVENTS]: { etag: '"3"', hash: 'c' } },
    })
  );

  it('those that read a changed answer, and new ones; not the others', () => {
    const select = pagesToMake(sources, new Set([EVENTS]));
    assert.deepEqual(select(['/', '/courses', '/course/c1', '/course/c2', '/events']), ['/', '/course/c2', '/events']);
  });

  it('after a run, pages gone from the site or not made again when they had to be are removed', () => {
    const result = /** @type {PrerenderResult} */ (
      /** @type {Partial<PrerenderResult>} */ ({
        paths: ['/', '/courses', '/events'],
        written: ['/events'],
        failed: [{ path: '/', reason: 'its data could not be read' }],
        reads: { '/events': [EVENTS] },
        seo: { '/events': { lastmod: null, listed: true } },
        clientRoutes: ['/login'],
        listReads: [COURSES, EVENTS],
        answers: { [EVENTS]: { etag: '"4"', hash: 'd' }, [COURSES]: { etag: '"1"', hash: 'a' } },
      })
    );
    const next = nextSources(sources, result);
    assert.deepEqual(Object.keys(next.reads).sort(), ['/courses', '/events']);
    assert.deepEqual(next.seo['/events'], { lastmod: null, listed: true }, 'a page made now says what it says now');
    assert.deepEqual(next.paths, result.paths);
    assert.deepEqual(next.clientRoutes, ['/login']);
    assert.deepEqual(next.answers, { [COURSES]: { etag: '"1"', hash: 'a' }, [EVENTS]: { etag: '"4"', hash: 'd' } });
    assert.deepEqual(pagesToRemove(sources, next).sort(), ['/', '/course/c1']);
    // '/' is still a page of the site (served by the browser until it is made): still in the sitemap; /course/c1 is gone.
    assert.deepEqual(Object.keys(next.seo).sort(), ['/', '/courses', '/events']);
  });

  it('a page kept from before whose answer changed during the run (after the check) is not kept, and is made at the next check', () => {
    // Made for a changed course list; meanwhile the events changed too, and the home page, made now, read the new list.
    const result = /** @type {PrerenderResult} */ (
      /** @type {Partial<PrerenderResult>} */ ({
        paths: ['/', '/courses', '/events'],
        written: ['/', '/courses'],
        failed: [],
        reads: { '/': [EVENTS], '/courses': [COURSES] },
        seo: {},
        clientRoutes: [],
        listReads: [COURSES, EVENTS],
        answers: { [COURSES]: { etag: '"5"', hash: 'e' }, [EVENTS]: { etag: '"4"', hash: 'd' } },
      })
    );
    const next = nextSources(sources, result);
    assert.equal(next.reads['/events'], undefined, '/events was made from the answer before, "3"');
    assert.deepEqual(next.failed, ['/events']);
    assert.deepEqual(next.answers[EVENTS], { etag: '"4"', hash: 'd' });
    assert.deepEqual(pagesToRemove(sources, next).sort(), ['/course/c1', '/events']);
    assert.deepEqual(pagesToMake(next, new Set())(['/', '/courses', '/events']), ['/events']);
    assert.deepEqual(next.seo['/events'], listed, 'it stays in the sitemap meanwhile');
  });
});

describe('remakeChangedPages', () => {
  it('starts no browser when nothing changed, and makes only what changed when something did', async () => {
    const bodies = { [COURSES]: courses, [EVENTS]: '{"data":[]}' };
    const api = fakeApi(bodies);
    const sources = /** @type {PageSources} */ (
      /** @type {Partial<PageSources>} */ ({
        paths: ['/courses', '/events'],
        reads: { '/courses': [COURSES], '/events': [EVENTS] },
        listReads: [],
        answers: { [COURSES]: api.answerOf(COURSES), [EVENTS]: api.answerOf(EVENTS) },
      })
    );
    /** @type {string[]} */
    const made = [];
    /** @type {Prerender} */
    const prerender = async (select) => {
      const written = select(['/courses', '/events']);
      made.push(...written);
      return /** @type {PrerenderResult} */ (
        /** @type {Partial<PrerenderResult>} */ ({
          paths: ['/courses', '/events'],
          clientRoutes: [],
          written,
          failed: [],
          reads: Object.fromEntries(written.map((path) => [path, sources.reads[path]])),
          seo: {},
          listReads: [],
          answers: {},
        })
      );
    };
    assert.equal(await remakeChangedPages(sources, prerender, { fetch: api.fetch }), null);
    assert.deepEqual(made, []);

    bodies[EVENTS] = '{"data":[{"_id":"e9"}]}';
    const { result, removed } = /** @type {Remade} */ (await remakeChangedPages(sources, prerender, { fetch: api.fetch }));
    assert.deepEqual(result.written, ['/events']);
    assert.deepEqual(removed, []);
  });

  it('tries again, with nothing changed, a page the last run could not make (its call timed out)', async () => {
    const api = fakeApi({ [COURSES]: courses });
    const sources = /** @type {PageSources} */ (
      /** @type {Partial<PageSources>} */ ({
        paths: ['/', '/courses'],
        reads: { '/courses': [COURSES] },
        listReads: [],
        answers: { [COURSES]: api.answerOf(COURSES) },
        failed: ['/'],
      })
    );
    /** @type {Prerender} */
    const prerender = async (select) =>
      /** @type {PrerenderResult} */ (
        /** @type {Partial<PrerenderResult>} */ ({
          paths: ['/', '/courses'],
          clientRoutes: [],
          written: select(['/', '/courses']),
          failed: [],
          reads: { '/': [] },
          seo: {},
          listReads: [],
          answers: {},
        })
      );
    assert.deepEqual(/** @type {Remade} */ (await remakeChangedPages(sources, prerender, { fetch: api.fetch })).result.written, ['/']);
  });

  it('makes, with nothing changed, the pages a run of some pages only left out (--pages)', async () => {
    const api = fakeApi({ [COURSES]: courses });
    const sources = /** @type {PageSources} */ (
      /** @type {Partial<PageSources>} */ ({
        paths: ['/', '/about', '/courses'],
        reads: { '/courses': [COURSES] },
        listReads: [],
        answers: { [COURSES]: api.answerOf(COURSES) },
        failed: [],
      })
    );
    /** @type {Prerender} */
    const prerender = async (select) =>
      /** @type {PrerenderResult} */ (
        /** @type {Partial<PrerenderResult>} */ ({
          paths: sources.paths,
          clientRoutes: [],
          written: select(sources.paths),
          failed: [],
          reads: { '/': [], '/about': [] },
          seo: {},
          listReads: [],
          answers: {},
        })
      );
    assert.deepEqual(/** @type {Remade} */ (await remakeChangedPages(sources, prerender, { fetch: api.fetch })).result.written, ['/', '/about']);
  });

  it('makes every page when there is nothing to compare with', async () => {
    /** @type {Prerender} */
    const prerender = async (select) =>
      /** @type {PrerenderResult} */ (
        /** @type {Partial<PrerenderResult>} */ ({
          paths: ['/a', '/b'],
          clientRoutes: [],
          written: select(['/a', '/b']),
          failed: [],
          reads: { '/a': [], '/b': [] },
          seo: {},
          listReads: [],
          answers: {},
        })
      );
    assert.deepEqual(/** @type {Remade} */ (await remakeChangedPages(null, prerender)).result.written, ['/a', '/b']);
  });
});

describe('a page whose course, event or post is deleted or unpublished goes at once, not at the end of a run', () => {
  const COURSE2 = 'http://api.test/api/course/c2';
  const SITE = 'http://site.test';
  /** @type {Record<string, string>} */
  const READS = { '/courses': COURSES, '/course/c1': COURSE, '/course/c2': COURSE2 };

  /** A served folder of the catalog's pages, made by a run that can be held in flight (a run takes minutes). */
  function catalogSite() {
    /** @type {Record<string, string>} */
    const bodies = { [COURSES]: '[{"_id":"c1"},{"_id":"c2"}]', [COURSE]: '{"_id":"c1","price":45000}', [COURSE2]: '{"_id":"c2","price":30000}' };
    /** @type {Statuses} */
    const statuses = {};
    const api = fakeApi(bodies, { statuses });
    const dir = mkdtempSync(join(tmpdir(), 'agri-fresh-pages-'));
    /** @type {{ hold: Promise<unknown> | null, started: () => void }} */
    const run = { hold: null, started: () => {} };
    // What the run makes it reads at its start; it writes the pages into the served folder at its end.
    /** @type {Prerender} */
    const prerender = async (select) => {
      const paths = ['/courses', .../** @type {{ _id: string }[]} */ (JSON.parse(bodies[COURSES])).map(({ _id }) => `/course/${_id}`)];
      const chosen = select(paths);
      const answers = Object.fromEntries([COURSES, ...chosen.map((path) => READS[path])].map((url) => [url, api.answerOf(url)]));
      run.started();
      await run.hold;
      for (const path of chosen) writeCompressed(pageFile(dir, path), `<title>${path} ${bodies[READS[path]]}</title>`);
      /** @type {<T>(value: (path: string) => T) => Record<string, T>} */
      const of = (value) => Object.fromEntries(chosen.map((path) => [path, value(path)]));
      return /** @type {PrerenderResult} */ (
        /** @type {Partial<PrerenderResult>} */ ({
          paths,
          clientRoutes: [],
          written: chosen,
          failed: [],
          reads: of((path) => [READS[path]]),
          seo: of(() => ({ lastmod: null, listed: true })),
          listReads: [COURSES],
          answers,
        })
      );
    };
    /**
     * Holds the next run once it has read what it makes from; resolves when it is in flight, with its release.
     *
     * @returns {Promise<() => void>}
     */
    const holdNextRun = () => {
      /** @type {((value?: unknown) => void) | undefined} */
      let release;
      run.hold = new Promise((released) => (release = released));
      // Set by then: the promise above calls back at once.
      return new Promise((inFlight) => (run.started = () => inFlight(/** @type {() => void} */ (release))));
    };
    /** @param {string} url */
    const unpublish = (url) => {
      statuses[url] = 404;
      bodies[COURSES] = JSON.stringify(/** @type {{ _id: string }[]} */ (JSON.parse(bodies[COURSES])).filter(({ _id }) => !url.endsWith(`/${_id}`)));
    };
    /** @param {string} path */
    const served = (path) => existsSync(pageFile(dir, path));
    const sitemap = () => readFileSync(join(dir, 'sitemap.xml'), 'utf8');
    const sitePaths = () => JSON.parse(readFileSync(join(dir, '.routes.json'), 'utf8')).paths;
    const pages = refreshFolder(dir, prerender, { siteUrl: SITE, fetch: api.fetch });
    return { bodies, dir, pages, holdNextRun, unpublish, served, sitemap, sitePaths };
  }

  /**
   * Whether the site still offers course 1: its page, its sitemap entry, its path (else 404).
   *
   * @param {ReturnType<typeof catalogSite>} site
   */
  const offersCourse1 = (site) => ({
    page: site.served('/course/c1'),
    sitemap: site.sitemap().includes(`${SITE}/course/c1<`),
    path: site.sitePaths().includes('/course/c1'),
  });
  const GONE = { page: false, sitemap: false, path: false };

  it('the check that sees it gone takes it off before the run it starts, which does not make it again', async () => {
    const site = catalogSite();
    try {
      await site.pages.refresh();
      assert.deepEqual(offersCourse1(site), { page: true, sitemap: true, path: true });
      site.unpublish(COURSE);
      const inFlight = site.holdNextRun();
      const run = site.pages.refresh();
      const release = await inFlight;
      assert.deepEqual(offersCourse1(site), GONE, 'gone while the run is in flight');
      release();
      const result = await run;
      assert.deepEqual(offersCourse1(site), GONE, 'and after it');
      assert.deepEqual(result?.removed, ['/course/c1']);
      assert.ok(site.served('/course/c2') && site.sitemap().includes(`${SITE}/course/c2<`), 'the other course stays');
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  it('one unpublished while a run is in flight is taken off at once, and the run, which read it before, does not put it back', async () => {
    const site = catalogSite();
    try {
      await site.pages.refresh();
      // Course 1's price changes: the run that remakes its page reads it, then course 1 is unpublished.
      site.bodies[COURSE] = '{"_id":"c1","price":52000}';
      const inFlight = site.holdNextRun();
      let finished = false;
      const run = site.pages.refresh().finally(() => (finished = true));
      const release = await inFlight;
      site.unpublish(COURSE);
      assert.deepEqual(await site.pages.withdrawGonePages(), ['/course/c1']);
      assert.deepEqual(offersCourse1(site), GONE);
      assert.equal(finished, false, 'before the run ends');
      release();
      const result = await run;
      assert.deepEqual(offersCourse1(site), GONE, 'the run made its page, from what it read before: not put back');
      assert.deepEqual(result?.written, [], 'nor counted as made');
      assert.ok(site.served('/course/c2'));
    } finally {
      rmSync(site.dir, { recursive: true, force: true });
    }
  });

  it('keepPagesFresh checks for them while a run is in flight, not otherwise', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
    /** @type {((value?: unknown) => void) | undefined} */
    let release;
    let checks = 0;
    /** @type {((value?: unknown) => void) | undefined} */
    let started;
    const running = new Promise((resolve) => (started = resolve));
    const stop = keepPagesFresh(
      () => {
        // Set by then: the promise above calls back at once.
        /** @type {() => void} */ (started)();
        return new Promise((released) => (release = released));
      },
      { intervalMs: 1000, duringRun: async () => (checks += 1) },
    );
    try {
      mock.timers.tick(1000);
      await running;
      assert.equal(checks, 0, 'no run was in flight at the first tick');
      mock.timers.tick(1000);
      assert.equal(checks, 1);
    } finally {
      release?.();
      await stop();
      mock.timers.reset();
    }
  });

  it('keepPagesFresh, stopped, waits for the run in flight to end: the folder it writes may go after it', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
    /** @type {((value?: unknown) => void) | undefined} */
    let release;
    /** @type {((value?: unknown) => void) | undefined} */
    let started;
    const running = new Promise((resolve) => (started = resolve));
    let runs = 0;
    const stop = keepPagesFresh(
      () => {
        runs += 1;
        // Set by then: the promise above calls back at once.
        /** @type {() => void} */ (started)();
        return new Promise((released) => (release = released));
      },
      { intervalMs: 1000 },
    );
    try {
      mock.timers.tick(1000);
      await running;
      let stoppedAt = null;
      const stopping = stop().then(() => (stoppedAt = 'stopped'));
      await Promise.resolve();
      assert.equal(stoppedAt, null, 'not while the run is in flight');
      // Set once the run is in flight.
      /** @type {() => void} */ (release)();
      await stopping;
      assert.equal(stoppedAt, 'stopped');
      mock.timers.tick(5000);
      assert.equal(runs, 1, 'no run after it');
    } finally {
      release?.();
      mock.timers.reset();
    }
  });
});

it('PRERENDER_INTERVAL is seconds, 60 by default, and must be a number', () => {
  assert.equal(intervalFromEnv({}), 60_000);
  assert.equal(intervalFromEnv({ PRERENDER_INTERVAL: '5' }), 5_000);
  assert.throws(() => intervalFromEnv({ PRERENDER_INTERVAL: 'soon' }), /PRERENDER_INTERVAL/);
});

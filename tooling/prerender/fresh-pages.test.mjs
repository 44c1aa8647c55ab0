import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changedAnswers, intervalFromEnv, nextSources, pagesToMake, pagesToRemove, remakeChangedPages } from './fresh-pages.mjs';
import { bodyHash } from './prerender.mjs';

const COURSES = 'http://api.test/api/course';
const COURSE = 'http://api.test/api/course/c1';
const EVENTS = 'http://api.test/api/event';
const courses = JSON.stringify([{ _id: 'c1', price: 45000 }]);

/** An API as fetch sees it: bodies by URL, with a strong ETag each unless `etags` is off (a hosted API). */
function fakeApi(bodies, { etags = true, statuses = {} } = {}) {
  const asked = [];
  const fetch = async (url, { headers = {} } = {}) => {
    asked.push({ url, ifNoneMatch: headers['If-None-Match'] ?? null });
    if (statuses[url] === 'down') throw new TypeError('fetch failed');
    if (statuses[url]) return new Response(JSON.stringify({ message: 'no' }), { status: statuses[url] });
    const etag = etags ? `"${bodyHash(Buffer.from(bodies[url]))}"` : null;
    if (etag && headers['If-None-Match'] === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(bodies[url], { status: 200, headers: etag ? { ETag: etag } : {} });
  };
  const answerOf = (url) => ({ etag: etags ? `"${bodyHash(Buffer.from(bodies[url]))}"` : null, hash: bodyHash(Buffer.from(bodies[url])) });
  return { fetch, asked, answerOf };
}

describe('changedAnswers', () => {
  it('asks with each ETag and counts a 304 as unchanged, a new tag as changed', async () => {
    const bodies = { [COURSES]: courses, [EVENTS]: '{"data":[]}' };
    const api = fakeApi(bodies);
    const answers = { [COURSES]: api.answerOf(COURSES), [EVENTS]: api.answerOf(EVENTS) };
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch }))], []);
    assert.ok(api.asked.every(({ ifNoneMatch }) => ifNoneMatch?.startsWith('"')), 'conditional requests');

    bodies[COURSES] = JSON.stringify([{ _id: 'c1', price: 52000 }]);
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch }))], [COURSES]);
  });

  it('compares bodies when the API sends no ETag (a hosted API)', async () => {
    const bodies = { [COURSES]: courses };
    const api = fakeApi(bodies, { etags: false });
    const answers = { [COURSES]: api.answerOf(COURSES) };
    assert.equal((await changedAnswers(answers, { fetch: api.fetch })).size, 0);
    assert.equal(api.asked[0].ifNoneMatch, null);
    bodies[COURSES] = '[]';
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch }))], [COURSES]);
  });

  it('counts a removed item (404) as changed, and keeps pages when the API fails or is down', async () => {
    const bodies = { [COURSES]: courses, [COURSE]: '{}', [EVENTS]: '{}' };
    const api = fakeApi(bodies, { statuses: { [COURSE]: 404, [COURSES]: 500, [EVENTS]: 'down' } });
    const answers = { [COURSES]: { etag: '"a"', hash: 'x' }, [COURSE]: { etag: '"b"', hash: 'y' }, [EVENTS]: { etag: null, hash: 'z' } };
    const logged = [];
    assert.deepEqual([...(await changedAnswers(answers, { fetch: api.fetch, log: (line) => logged.push(line) }))], [COURSE]);
    assert.equal(logged.length, 2);
  });
});

describe('which pages are made again', () => {
  const sources = {
    reads: { '/courses': [COURSES], '/course/c1': [COURSE], '/events': [EVENTS], '/': [EVENTS] },
    listReads: [COURSES, EVENTS],
    answers: { [COURSES]: { etag: '"1"', hash: 'a' }, [COURSE]: { etag: '"2"', hash: 'b' }, [EVENTS]: { etag: '"3"', hash: 'c' } },
  };

  it('those that read a changed answer, and new ones; not the others', () => {
    const select = pagesToMake(sources, new Set([EVENTS]));
    assert.deepEqual(select(['/', '/courses', '/course/c1', '/course/c2', '/events']), ['/', '/course/c2', '/events']);
  });

  it('after a run, pages gone from the site or not made again when they had to be are removed', () => {
    const result = {
      paths: ['/', '/courses', '/events'],
      written: ['/events'],
      failed: [{ path: '/', reason: 'its data could not be read' }],
      reads: { '/events': [EVENTS] },
      seo: { '/events': { lastmod: null, listed: true } },
      clientRoutes: ['/login'],
      listReads: [COURSES, EVENTS],
      answers: { [EVENTS]: { etag: '"4"', hash: 'd' }, [COURSES]: { etag: '"1"', hash: 'a' } },
    };
    const next = nextSources(sources, result);
    assert.deepEqual(Object.keys(next.reads).sort(), ['/courses', '/events']);
    assert.deepEqual(next.seo['/events'], { lastmod: null, listed: true }, 'a page made now says what it says now');
    assert.deepEqual(next.paths, result.paths);
    assert.deepEqual(next.clientRoutes, ['/login']);
    assert.deepEqual(next.answers, { [COURSES]: { etag: '"1"', hash: 'a' }, [EVENTS]: { etag: '"4"', hash: 'd' } });
    assert.deepEqual(pagesToRemove(sources, next).sort(), ['/', '/course/c1']);
  });

  it('a page kept from before whose answer changed during the run (after the check) is not kept, and is made at the next check', () => {
    // Made for a changed course list; meanwhile the events changed too, and the home page, made now, read the new list.
    const result = {
      paths: ['/', '/courses', '/events'],
      written: ['/', '/courses'],
      failed: [],
      reads: { '/': [EVENTS], '/courses': [COURSES] },
      seo: {},
      clientRoutes: [],
      listReads: [COURSES, EVENTS],
      answers: { [COURSES]: { etag: '"5"', hash: 'e' }, [EVENTS]: { etag: '"4"', hash: 'd' } },
    };
    const next = nextSources(sources, result);
    assert.equal(next.reads['/events'], undefined, '/events was made from the answer before, "3"');
    assert.deepEqual(next.failed, ['/events']);
    assert.deepEqual(next.answers[EVENTS], { etag: '"4"', hash: 'd' });
    assert.deepEqual(pagesToRemove(sources, next).sort(), ['/course/c1', '/events']);
    assert.deepEqual(pagesToMake(next, new Set())(['/', '/courses', '/events']), ['/events']);
  });
});

describe('remakeChangedPages', () => {
  it('starts no browser when nothing changed, and makes only what changed when something did', async () => {
    const bodies = { [COURSES]: courses, [EVENTS]: '{"data":[]}' };
    const api = fakeApi(bodies);
    const sources = {
      paths: ['/courses', '/events'],
      reads: { '/courses': [COURSES], '/events': [EVENTS] },
      listReads: [],
      answers: { [COURSES]: api.answerOf(COURSES), [EVENTS]: api.answerOf(EVENTS) },
    };
    const made = [];
    const prerender = async (select) => {
      const written = select(['/courses', '/events']);
      made.push(...written);
      return { paths: ['/courses', '/events'], clientRoutes: [], written, failed: [], reads: Object.fromEntries(written.map((path) => [path, sources.reads[path]])), seo: {}, listReads: [], answers: {} };
    };
    assert.equal(await remakeChangedPages(sources, prerender, { fetch: api.fetch }), null);
    assert.deepEqual(made, []);

    bodies[EVENTS] = '{"data":[{"_id":"e9"}]}';
    const { result, removed } = await remakeChangedPages(sources, prerender, { fetch: api.fetch });
    assert.deepEqual(result.written, ['/events']);
    assert.deepEqual(removed, []);
  });

  it('tries again, with nothing changed, a page the last run could not make (its call timed out)', async () => {
    const api = fakeApi({ [COURSES]: courses });
    const sources = { paths: ['/', '/courses'], reads: { '/courses': [COURSES] }, listReads: [], answers: { [COURSES]: api.answerOf(COURSES) }, failed: ['/'] };
    const prerender = async (select) => ({ paths: ['/', '/courses'], clientRoutes: [], written: select(['/', '/courses']), failed: [], reads: { '/': [] }, seo: {}, listReads: [], answers: {} });
    assert.deepEqual((await remakeChangedPages(sources, prerender, { fetch: api.fetch })).result.written, ['/']);
  });

  it('makes, with nothing changed, the pages a run of some pages only left out (--pages)', async () => {
    const api = fakeApi({ [COURSES]: courses });
    const sources = { paths: ['/', '/about', '/courses'], reads: { '/courses': [COURSES] }, listReads: [], answers: { [COURSES]: api.answerOf(COURSES) }, failed: [] };
    const prerender = async (select) => ({ paths: sources.paths, clientRoutes: [], written: select(sources.paths), failed: [], reads: { '/': [], '/about': [] }, seo: {}, listReads: [], answers: {} });
    assert.deepEqual((await remakeChangedPages(sources, prerender, { fetch: api.fetch })).result.written, ['/', '/about']);
  });

  it('makes every page when there is nothing to compare with', async () => {
    const prerender = async (select) => ({ paths: ['/a', '/b'], clientRoutes: [], written: select(['/a', '/b']), failed: [], reads: {}, seo: {}, listReads: [], answers: {} });
    assert.deepEqual((await remakeChangedPages(null, prerender)).result.written, ['/a', '/b']);
  });
});

it('PRERENDER_INTERVAL is seconds, 60 by default, and must be a number', () => {
  assert.equal(intervalFromEnv({}), 60_000);
  assert.equal(intervalFromEnv({ PRERENDER_INTERVAL: '5' }), 5_000);
  assert.throws(() => intervalFromEnv({ PRERENDER_INTERVAL: 'soon' }), /PRERENDER_INTERVAL/);
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { blogListSchema, courseListSchema, eventListResponseSchema } from '@agri/api-client/contract';
import { startTestApi, type TestApi } from './test-support';

// Public reads carry a strong ETag, so that a prerendered page (and the prerenderer) can confirm what it
// shows for a few hundred bytes; a change to the data changes the tags of exactly the answers that hold it.
let api: TestApi;
let paths: { courses: string[]; events: string[]; posts: string[] };
const ORIGIN = 'http://localhost:3000';

before(async () => {
  api = await startTestApi({ ALLOWED_ORIGINS: ORIGIN });
  const read = async (path: string) => (await api.call('GET', path)).json();
  paths = {
    courses: courseListSchema.parse(await read('/api/course')).map(({ _id }) => `/api/course/${_id}`),
    events: eventListResponseSchema.parse(await read('/api/event')).data.map(({ _id }) => `/api/event/${_id}`),
    posts: blogListSchema.parse(await read('/api/blog')).map(({ _id }) => `/api/blog/${_id}`),
  };
});
after(() => api.close());

const publicReads = () => ['/api/course', '/api/event', '/api/blog', paths.courses[0]!, paths.events[0]!, paths.posts[0]!];

async function etagOf(path: string): Promise<string> {
  const response = await api.call('GET', path);
  assert.equal(response.status, 200, path);
  const etag = response.headers.get('ETag');
  assert.ok(etag, `${path} sends an ETag`);
  return etag;
}

/** The tag of every public read, by path. */
async function tags(): Promise<Map<string, string>> {
  const all = ['/api/course', '/api/event', '/api/blog', ...paths.courses, ...paths.events, ...paths.posts];
  return new Map(await Promise.all(all.map(async (path) => [path, await etagOf(path)] as const)));
}

/** The paths whose tag differs between two readings. */
const changed = (before: Map<string, string>, after: Map<string, string>) => [...before].filter(([path, tag]) => after.get(path) !== tag).map(([path]) => path);

describe('public reads', () => {
  it('send a strong ETag and Cache-Control: no-cache, and answer If-None-Match with 304 and no body', async () => {
    for (const path of publicReads()) {
      const first = await api.call('GET', path);
      const etag = first.headers.get('ETag')!;
      assert.match(etag, /^"[A-Za-z0-9_-]{43}"$/, `${path}: a strong tag`);
      assert.equal(first.headers.get('Cache-Control'), 'no-cache', path);
      assert.match(first.headers.get('Content-Type') ?? '', /^application\/json/, path);

      const again = await api.call('GET', path, { headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304, path);
      assert.equal(await again.text(), '', `${path}: no body`);
      assert.equal(again.headers.get('ETag'), etag, path);
      assert.equal(again.headers.get('Cache-Control'), 'no-cache', path);
    }
  });

  it('match a weak form of the tag, one of several, and *; answer 200 to a stale tag', async () => {
    const path = '/api/course';
    const etag = await etagOf(path);
    for (const ifNoneMatch of [`W/${etag}`, `"stale", ${etag}`, '*']) {
      assert.equal((await api.call('GET', path, { headers: { 'If-None-Match': ifNoneMatch } })).status, 304, ifNoneMatch);
    }
    const stale = await api.call('GET', path, { headers: { 'If-None-Match': '"stale"' } });
    assert.equal(stale.status, 200);
    assert.ok(courseListSchema.parse(await stale.json()).length > 0);
  });

  it('give a page on another origin its 304 and let it read the tag (CORS)', async () => {
    const path = '/api/event';
    const etag = await etagOf(path);
    const preflight = await api.call('OPTIONS', path, {
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    assert.ok(preflight.status < 300, `preflight answered ${preflight.status}`);
    assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /if-none-match/i);
    const answer = await api.call('GET', path, { headers: { Origin: ORIGIN, 'If-None-Match': etag } });
    assert.equal(answer.status, 304);
    assert.equal(answer.headers.get('Access-Control-Allow-Origin'), ORIGIN);
    const full = await api.call('GET', path, { headers: { Origin: ORIGIN } });
    assert.match(full.headers.get('Access-Control-Expose-Headers') ?? '', /ETag/i);
  });

  it('change the tags of the list and the item a course change affects, and of nothing else', async () => {
    const before = await tags();
    await api.db.query('UPDATE courses SET price = price + 1000 WHERE id = $1', [paths.courses[1]!.split('/').at(-1)]);
    assert.deepEqual(changed(before, await tags()), ['/api/course', paths.courses[1]]);
  });

  it('change the tags of the list and the item an event change affects, and of nothing else', async () => {
    const before = await tags();
    await api.db.query("UPDATE events SET venue = 'KICC' WHERE id = $1", [paths.events[2]!.split('/').at(-1)]);
    assert.deepEqual(changed(before, await tags()), ['/api/event', paths.events[2]]);
  });

  it('change the tag of the blog list when a post is added, and of the post alone when it is edited', async () => {
    const before = await tags();
    await api.db.query(
      `INSERT INTO blogs (id, title, description, images, image, category, created_at)
       SELECT gen_random_uuid(), 'Aflatoxin testing in maize', description, images, image, category, now() FROM blogs LIMIT 1`,
    );
    assert.deepEqual(changed(before, await tags()), ['/api/blog']);
    const after = await tags();
    await api.db.query("UPDATE blogs SET title = 'HACCP in practice' WHERE id = $1", [paths.posts[0]!.split('/').at(-1)]);
    assert.deepEqual(changed(after, await tags()), ['/api/blog', paths.posts[0]]);
  });

  it('say when each course, event and post last changed, and an edit moves it (the sitemap and structured data read it)', async () => {
    const courseId = paths.courses[2]!.split('/').at(-1);
    const read = async () => courseListSchema.parse(await (await api.call('GET', '/api/course')).json()).find((course) => course._id === courseId)!;
    const before = await read();
    assert.ok(before.updatedAt && !Number.isNaN(Date.parse(before.updatedAt)), 'a course says when it last changed');
    await new Promise((later) => setTimeout(later, 20));
    await api.db.query('UPDATE courses SET price = price + 500 WHERE id = $1', [courseId]);
    const after = await read();
    assert.ok(Date.parse(after.updatedAt!) > Date.parse(before.updatedAt!), `${after.updatedAt} is after ${before.updatedAt}`);
    for (const path of ['/api/event', '/api/blog']) {
      const body = await (await api.call('GET', path)).json();
      const [first] = Array.isArray(body) ? body : body.data;
      assert.ok(!Number.isNaN(Date.parse(first.updatedAt)), `${path} says when each item last changed`);
    }
  });

  it('are not tagged when they fail', async () => {
    const missing = await api.call('GET', '/api/course/00000000-0000-0000-0000-000000000000');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('ETag'), null);
  });
});

describe('public reads in the hosted dialect', () => {
  it('are tagged and answer 304 the same way', async () => {
    const hosted = await startTestApi({ API_DIALECT: 'hosted' });
    try {
      const first = await hosted.call('GET', '/api/event');
      const etag = first.headers.get('ETag')!;
      assert.ok(etag);
      assert.equal((await hosted.call('GET', '/api/event', { headers: { 'If-None-Match': etag } })).status, 304);
    } finally {
      await hosted.close();
    }
  });
});

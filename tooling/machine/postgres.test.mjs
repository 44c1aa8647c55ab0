// @ts-check
// The throw-away PostgreSQL server the API tests and the journeys run on: it starts, makes databases that
// take queries, and leaves nothing behind when stopped (neither its folder nor its port).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { postgresUnavailable, startPostgres } from './postgres.mjs';

/**
 * Whether nothing listens on the loopback port (the server listens on 127.0.0.1 only).
 *
 * @type {(port: number) => Promise<boolean>}
 */
const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('a throw-away PostgreSQL server', { skip: postgresUnavailable() ?? false }, () => {
  it('makes a database that takes queries, and on stop frees its port and deletes its folder', async () => {
    const server = await startPostgres();
    try {
      assert.ok(existsSync(server.dir), 'its folder exists while it runs');
      assert.equal(await portIsFree(server.port), false, 'it listens on its port');
      assert.equal(server.adminUrl, `postgres://postgres@127.0.0.1:${server.port}/postgres`);

      const url = server.createDatabase('agri_tooling_test');
      assert.equal(url, `postgres://postgres@127.0.0.1:${server.port}/agri_tooling_test`);
      assert.equal(server.queryValue('agri_tooling_test', 'SELECT current_database()'), 'agri_tooling_test');
      server.queryValue('agri_tooling_test', "CREATE TABLE course (title text); INSERT INTO course VALUES ('Poultry farming'), ('Dairy goats')");
      assert.equal(server.queryValue('agri_tooling_test', 'SELECT count(*) FROM course'), '2', 'what one connection wrote, the next reads');
      assert.throws(() => server.createDatabase('agri_tooling_test'), /createdb failed/, 'a database is made once');
    } finally {
      server.stop();
    }
    assert.equal(existsSync(server.dir), false, 'its folder is deleted');
    assert.equal(await portIsFree(server.port), true, 'its port is free');
    assert.doesNotThrow(() => server.stop(), 'stopping twice is harmless');
  });

  it('a second one started while the first runs takes the next port the server can bind', async () => {
    const first = await startPostgres();
    const second = await startPostgres();
    try {
      assert.ok(second.port > first.port, `${second.port} after ${first.port}`);
      for (const [index, server] of [first, second].entries()) {
        const name = `agri_tooling_second_${index}`;
        server.createDatabase(name);
        assert.equal(server.queryValue(name, 'SELECT current_database()'), name);
      }
    } finally {
      first.stop();
      second.stop();
    }
  });
});

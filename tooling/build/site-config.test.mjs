// @ts-check
// The route prefixes each remote declares (package.json "remote") are what the shell and the release gate
// go by: every path of its route table must fall under one of them, and no two remotes may share a path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { remoteApps } from './apps.mjs';
import { siteConfigFor } from './site-config.mjs';

/** @type {(prefix: string, path: string) => boolean} */
const owns = (prefix, path) => path === prefix || path.startsWith(prefix === '/' ? '//' : `${prefix}/`);

/**
 * The paths of a remote's route table, as written in its routes.ts: every quoted address in it (a route's
 * `path`, or the paths given to a helper such as `collectionRoutes` or the back office's `staffPage`; the
 * pages' code is imported by './…', which is not an address).
 *
 * @param {{ dir: string }} app
 */
const routePaths = (app) => [...readFileSync(join(app.dir, 'src/routes.ts'), 'utf8').matchAll(/'(\/[^']*)'/g)].map((match) => match[1]);

test('every route of every remote is owned by one of its declared prefixes, and by no other remote', () => {
  for (const app of remoteApps) {
    const paths = routePaths(app);
    assert.ok(paths.length > 0, `${app.name} has routes`);
    for (const path of paths) {
      // '/course/:id' is owned as '/course/x' would be.
      const concrete = path.replace(/:[^/]+/g, 'x');
      const owners = remoteApps.filter((other) => other.routes.some((prefix) => owns(prefix, concrete)));
      assert.deepEqual(
        owners.map((other) => other.name),
        [app.name],
        `${path} of ${app.name}`,
      );
    }
  }
});

test('the local config names each remote by its entry, the singletons it requires and its prefixes', () => {
  const config = siteConfigFor((name) => `http://${name}.test`, 'http://api.test');
  const { entry, requires, routes } = config.remotes.catalog;
  assert.equal(entry, 'http://catalog.test/remoteEntry.js');
  assert.deepEqual(routes, ['/courses', '/course', '/events', '/event']);
  // As the catalog's build shares them (its release.json says the same).
  assert.equal(
    requires.react,
    JSON.parse(readFileSync(join(/** @type {{ dir: string }} */ (remoteApps.find(({ name }) => name === 'catalog')).dir, 'package.json'), 'utf8')).dependencies
      .react,
  );
  assert.match(requires['@agri/api-client'], /^\^\d+\.\d+\.\d+$/);
  assert.equal(config.api.apiBaseUrl, 'http://api.test/api/');
});

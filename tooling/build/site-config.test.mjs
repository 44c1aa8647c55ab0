// The route prefixes each remote declares (package.json "remote") are what the shell and the release gate
// go by: every path of its route table must fall under one of them, and no two remotes may share a path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { remoteApps } from './apps.mjs';
import { siteConfigFor } from './site-config.mjs';

const owns = (prefix, path) => path === prefix || path.startsWith(prefix === '/' ? '//' : `${prefix}/`);

/** The paths of a remote's route table, as written in its routes.ts. */
const routePaths = (app) => [...readFileSync(join(app.dir, 'src/routes.ts'), 'utf8').matchAll(/path: '([^']+)'/g)].map((match) => match[1]);

test('every route of every remote is owned by one of its declared prefixes, and by no other remote', () => {
  for (const app of remoteApps) {
    const paths = routePaths(app);
    assert.ok(paths.length > 0, `${app.name} has routes`);
    for (const path of paths) {
      // '/course/:id' is owned as '/course/x' would be.
      const concrete = path.replace(/:[^/]+/g, 'x');
      const owners = remoteApps.filter((other) => other.routes.some((prefix) => owns(prefix, concrete)));
      assert.deepEqual(owners.map((other) => other.name), [app.name], `${path} of ${app.name}`);
    }
  }
});

test('the local config names each remote by its manifest and its prefixes', () => {
  const config = siteConfigFor((name) => `http://${name}.test`, 'http://api.test');
  assert.deepEqual(config.remotes.catalog, { manifest: 'http://catalog.test/mf-manifest.json', routes: ['/courses', '/course', '/events', '/event'] });
  assert.equal(config.api.apiBaseUrl, 'http://api.test/api/');
});

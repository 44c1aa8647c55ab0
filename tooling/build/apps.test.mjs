// @ts-check
// The list of apps is read from apps/*/package.json, and nothing else lists them: a new remote is a new folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { rootDir } from '../machine/pnpm.mjs';
import { appNames, apps, readApps, remoteApps } from './apps.mjs';

/**
 * A throw-away apps/ folder: each entry is an app's package.json fields.
 *
 * @param {Record<string, object>} packages
 */
function appsFolder(packages) {
  const dir = mkdtempSync(join(tmpdir(), 'agri-apps-'));
  for (const [name, fields] of Object.entries(packages)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'package.json'), JSON.stringify({ name: `@agri/${name}`, ...fields }));
  }
  return dir;
}

describe('the list of apps', () => {
  it('is every app folder of the repository, the shell first, each remote after those it consumes from', () => {
    assert.deepEqual(
      appNames,
      readdirSync(join(rootDir, 'apps'))
        .filter((name) => statSync(join(rootDir, 'apps', name)).isDirectory())
        .sort(),
    );
    assert.equal(apps[0].name, 'shell');
    const order = remoteApps.map(({ name }) => name);
    assert.ok(order.indexOf('catalog') < order.indexOf('content'), `content consumes catalog's upcoming-events: ${order}`);
  });

  it('takes a new remote from its folder alone', () => {
    const dir = appsFolder({
      shell: { shell: { port: 3000 } },
      notices: { remote: { port: 3009, routes: ['/notices'], consumes: ['offers/banner'] } },
      offers: { remote: { port: 3008, routes: ['/offers'] } },
      api: { api: { port: 4100 } },
      tools: {},
    });
    try {
      const read = readApps(dir);
      assert.deepEqual(read.appNames, ['api', 'notices', 'offers', 'shell', 'tools']);
      assert.deepEqual(
        read.apps.map(({ name, port }) => [name, port]),
        [
          ['shell', 3000],
          ['offers', 3008],
          ['notices', 3009],
        ],
      );
      assert.deepEqual(read.remoteApps[1], { name: 'notices', dir: join(dir, 'notices'), port: 3009, routes: ['/notices'], consumes: ['offers/banner'] });
      assert.equal(read.apiPort, 4100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses two apps on one port, a remote without a port, two shells and a cycle of consumers', () => {
    const cases = {
      'the same port': { shell: { shell: { port: 3000 } }, a: { remote: { port: 3000, routes: ['/a'] } } },
      'its port': { shell: { shell: { port: 3000 } }, a: { remote: { routes: ['/a'] } } },
      'exactly one app declares a `shell`': { one: { shell: { port: 3000 } }, two: { shell: { port: 3001 } } },
      'in a cycle': {
        shell: { shell: { port: 3000 } },
        a: { remote: { port: 3001, routes: ['/a'], consumes: ['b/x'] } },
        b: { remote: { port: 3002, routes: ['/b'], consumes: ['a/y'] } },
      },
    };
    for (const [problem, packages] of Object.entries(cases)) {
      const dir = appsFolder(packages);
      try {
        assert.throws(
          () => readApps(dir),
          (/** @type {Error} */ error) => error.message.includes(problem),
          problem,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('is typed nowhere else: no file of the tooling, the e2e suites or the configs names two remotes in a row', () => {
    const names = remoteApps.map(({ name }) => name);
    const listing = new RegExp(`['"](${names.join('|')})['"]\\s*,\\s*['"](${names.join('|')})['"]`);
    const files = ['eslint.config.mjs', 'jest.config.mjs', ...walk('tooling'), ...walk('e2e')];
    const offenders = files.filter((file) => listing.test(readFileSync(join(rootDir, file), 'utf8')));
    assert.deepEqual(offenders, []);
  });
});

/** @param {string} dir */
function walk(dir) {
  return readdirSync(join(rootDir, dir), { recursive: true, encoding: 'utf8' })
    .map((path) => join(dir, path))
    .filter((path) => /\.(mjs|ts|tsx)$/.test(path) && !/node_modules|\/dist\//.test(path) && statSync(join(rootDir, path)).isFile())
    .map((path) => relative('.', path));
}

// @ts-check
// The one build recipe (rspack-app.mjs): what each app's build is told, read from the configuration its
// rspack.config.mjs makes, and what the recipe's own plugins write, by a small real build of a throw-away
// remote (production) and shell (development) in a temporary folder.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import semver from 'semver';
import { rootDir } from '../machine/pnpm.mjs';
import { readPackage, remoteApps, shellApp } from './apps.mjs';
import { defineApp, PrecompressPlugin } from './rspack-app.mjs';

/** @typedef {Record<string, string | undefined>} Env  environment variables (undefined: unset) */
/**
 * What these tests read of a configuration rspack-app.mjs makes (defineApp), and set before building one.
 *
 * @typedef {{
 *   name?: string, mode: string, target?: string, entry: Record<string, string>, devtool?: string | false, dependencies?: string[],
 *   output: { path: string, publicPath: string, uniqueName?: string, filename: string, clean: boolean },
 *   plugins: object[], infrastructureLogging?: { level: string },
 *   devServer?: { port: number, setupMiddlewares?: (middlewares: unknown[]) => SiteConfigMiddleware[] },
 * }} AppConfig
 */
/**
 * The options rspack-app.mjs gives the federation plugin (federationPlugin), as these tests read them.
 *
 * @typedef {{ name: string, filename?: string, exposes?: Record<string, string>, shared: ReturnType<typeof import('./shared-libraries.mjs').sharedConfig>,
 *   shareStrategy?: string, dts?: boolean, runtimePlugins: string[], experiments: { externalRuntime?: boolean, provideExternalRuntime?: boolean } }} Federation
 */
/**
 * The shell's dev-server middleware for config.json (answerSiteConfig), called here with stand-ins for the request and the response.
 *
 * @typedef {{ path: string, middleware: (request: object, response: { setHeader: (name: string, value: string) => void, end: (body: string) => void }) => void }} SiteConfigMiddleware
 */

/**
 * The configuration an app's rspack.config.mjs makes for `rspack build --mode <mode>` (or serve), with the
 * environment variables `env` set (undefined: unset): the app's own (a production shell also builds its
 * service worker, `serviceWorkerOf`).
 *
 * @param {{ dir: string }} app
 * @param {'production' | 'development'} mode
 * @param {Env} [env]
 * @returns {Promise<AppConfig[]>}
 */
async function appConfigs(app, mode, env = {}) {
  const { default: makeConfig } = await import(pathToFileURL(join(app.dir, 'rspack.config.mjs')).href);
  return [withEnv(env, () => makeConfig({}, { mode }))].flat();
}
/** @type {(app: { dir: string }, mode: 'production' | 'development', env?: Env) => Promise<AppConfig>} */
const appConfig = async (app, mode, env) => (await appConfigs(app, mode, env))[0];

/**
 * The options the federation plugin was given: it keeps them as given, in `_options` (@module-federation/rspack),
 * a field its types declare private.
 *
 * @type {(config: AppConfig) => Federation}
 */
const federationOf = (config) =>
  /** @type {{ _options: Federation }} */ (/** @type {unknown} */ (config.plugins.find((plugin) => plugin instanceof ModuleFederationPlugin)))._options;

/**
 * The app's own page, if it has one (rspack's built-in plugins keep their options in `_args`).
 *
 * @type {(config: AppConfig) => import('@rspack/core').HtmlRspackPluginOptions | undefined}
 */
const pageOf = (config) => config.plugins.find((plugin) => plugin instanceof rspack.HtmlRspackPlugin)?._args[0];

/** @type {(config: AppConfig) => boolean} */
const hasPrecompress = (config) => config.plugins.some((plugin) => plugin instanceof PrecompressPlugin);

/**
 * Runs `work` with the environment variables `vars` set (undefined: unset), then puts them back.
 *
 * @template T
 * @param {Env} vars
 * @param {() => T} work
 * @returns {T}
 */
function withEnv(vars, work) {
  const outer = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  /** @param {Env} values */
  const put = (values) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  put(vars);
  try {
    return work();
  } finally {
    put(outer);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'agri-rspack-app-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A throw-away app folder: its package.json fields and its source files.
 *
 * @param {string} name
 * @param {object} fields
 * @param {Record<string, string | Buffer>} [files]
 */
function appFolder(name, fields, files = {}) {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@agri/${name}`, version: '1.0.0', ...fields }));
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  return dir;
}

describe('what each app’s build is told', () => {
  it('a remote in production: no page of its own, its chunks from wherever its remoteEntry.js was loaded, the shell’s federation runtime', async () => {
    assert.ok(remoteApps.length > 0);
    for (const app of remoteApps) {
      const config = await appConfig(app, 'production');
      const federation = federationOf(config);
      assert.equal(config.mode, 'production', app.name);
      assert.deepEqual(config.entry, {}, `${app.name}: no entry of its own`);
      assert.equal(pageOf(config), undefined, `${app.name}: no page of its own`);
      assert.equal(config.output.publicPath, 'auto', app.name);
      assert.equal(config.output.uniqueName, app.name);
      assert.match(config.output.filename, /\[contenthash/, `${app.name}: files named by their content`);
      assert.equal(federation.name, app.name);
      assert.equal(federation.filename, 'remoteEntry.js', app.name);
      assert.ok(federation.exposes?.['./routes'], `${app.name} exposes its routes`);
      assert.equal(federation.experiments.externalRuntime, true, `${app.name} uses the shell’s runtime`);
      assert.equal(federation.experiments.provideExternalRuntime, undefined, app.name);
      assert.equal(federation.shareStrategy, 'loaded-first', app.name);
      assert.equal(federation.dts, false, app.name);
      assert.ok(hasPrecompress(config), `${app.name}: its text files precompressed`);
    }
  });

  it('a remote in development runs alone: its own page on its own port, with its own runtime', async () => {
    for (const app of remoteApps) {
      const config = await appConfig(app, 'development');
      assert.deepEqual(config.entry, { main: './src/index.ts' }, app.name);
      assert.equal(pageOf(config)?.template, join(rootDir, 'tooling/build/standalone-page.html'), app.name);
      assert.equal(federationOf(config).experiments.externalRuntime, false, app.name);
      assert.equal(config.devServer?.port, app.port, app.name);
      assert.equal(config.devServer?.setupMiddlewares, undefined, `${app.name}: the shell’s dev server answers config.json`);
      assert.equal(hasPrecompress(config), false, app.name);
    }
  });

  it('the shell: its page, named from the root, code that finds its chunks beside its script, and it provides the federation runtime', async () => {
    const config = await appConfig(shellApp, 'production');
    const federation = federationOf(config);
    assert.deepEqual(config.entry, { main: './src/index.ts' });
    assert.equal(pageOf(config)?.template, join(shellApp.dir, 'src/index.html'));
    // One build serves from any folder; a release places only the page’s script tags (channels.test.mjs).
    assert.equal(config.output.publicPath, 'auto');
    assert.equal(pageOf(config)?.publicPath, '/', 'the page is served at every path of the site');
    assert.equal(federation.name, 'shell');
    assert.equal(federation.filename, undefined, 'the shell is no remote');
    assert.equal(federation.exposes, undefined);
    assert.equal(federation.experiments.provideExternalRuntime, true);
    assert.equal(federation.experiments.externalRuntime, undefined);
    assert.ok(federation.runtimePlugins.length > 0 && federation.runtimePlugins.every((plugin) => existsSync(plugin)), `${federation.runtimePlugins}`);
    assert.ok(hasPrecompress(config));
  });

  it('a production shell also builds its service worker, reports.js and the island loader alone, beside its files, after them; a dev server none', async () => {
    const into = join(scratch, 'shell-release');
    const [app, worker, reports, loader, ...more] = await appConfigs(shellApp, 'production', { BUILD_OUTPUT_DIR: into });
    assert.deepEqual(more, []);
    assert.equal(worker.target, 'webworker');
    assert.deepEqual(worker.entry, { sw: './src/offline/service-worker.ts' });
    assert.deepEqual([worker.output.path, worker.output.filename, worker.output.clean], [into, 'sw.js', false]);
    assert.deepEqual(worker.dependencies, [app.name], 'after the app, which empties the folder');
    assert.ok(!worker.plugins.some((plugin) => plugin instanceof ModuleFederationPlugin), 'no federation runtime in the worker');
    assert.ok(existsSync(join(shellApp.dir, 'src/offline/service-worker.ts')));
    assert.equal(reports.target, 'web');
    assert.deepEqual(reports.entry, { reports: './src/reports/document-reports.ts' });
    assert.deepEqual([reports.output.path, reports.output.filename, reports.output.clean], [into, 'reports.js', false]);
    assert.deepEqual(reports.dependencies, [app.name]);
    assert.ok(!reports.plugins.some((plugin) => plugin instanceof ModuleFederationPlugin), 'no federation runtime in reports.js');
    assert.ok(existsSync(join(shellApp.dir, 'src/reports/document-reports.ts')));
    // Carried inline by every page: one script, no source map, the speculation rules written in.
    assert.deepEqual(loader.entry, { 'island-loader': './src/islands/loader/index.ts' });
    assert.deepEqual([loader.output.path, loader.output.filename, loader.output.clean, loader.devtool], [into, 'island-loader.js', false, false]);
    assert.deepEqual(loader.dependencies, [app.name]);
    assert.ok(loader.plugins.some((plugin) => plugin.constructor.name === 'DefinePlugin'));
    assert.ok(!loader.plugins.some((plugin) => plugin instanceof ModuleFederationPlugin), 'no federation runtime in the loader');
    assert.ok(existsSync(join(shellApp.dir, 'src/islands/loader/index.ts')));
    assert.equal((await appConfigs(shellApp, 'development')).length, 1);
  });

  it('the shell’s dev server answers config.json with every remote’s dev server', async () => {
    const config = await appConfig(shellApp, 'development');
    assert.equal(config.devServer?.port, shellApp.port);
    // The shell's dev server has its middlewares.
    const setupMiddlewares = /** @type {(middlewares: unknown[]) => SiteConfigMiddleware[]} */ (config.devServer?.setupMiddlewares);
    const [siteConfig] = setupMiddlewares([]);
    assert.equal(siteConfig.path, '/config.json');
    /** @type {{ headers: Record<string, string>, body?: string }} */
    const answer = { headers: {} };
    siteConfig.middleware({}, { setHeader: (name, value) => (answer.headers[name] = value), end: (body) => (answer.body = body) });
    assert.equal(answer.headers['Content-Type'], 'application/json; charset=utf-8');
    const { remotes } = JSON.parse(/** @type {string} */ (answer.body));
    assert.deepEqual(
      Object.fromEntries(Object.entries(remotes).map(([name, { entry, routes }]) => [name, { entry, routes }])),
      Object.fromEntries(remoteApps.map((app) => [app.name, { entry: `http://localhost:${app.port}/remoteEntry.js`, routes: app.routes }])),
    );
  });

  it('builds into BUILD_OUTPUT_DIR when set (a release’s folder), else the app’s dist/', async () => {
    const [app] = remoteApps;
    const into = join(scratch, 'release-folder');
    assert.equal((await appConfig(app, 'production', { BUILD_OUTPUT_DIR: into })).output.path, into);
    assert.equal((await appConfig(app, 'production', { BUILD_OUTPUT_DIR: undefined })).output.path, join(app.dir, 'dist'));
  });

  it('an app shares only the singletons it depends on; each workspace entry is a singleton whose range is its package’s major', () => {
    const dir = appFolder('tiny', { remote: { port: 3990, routes: ['/tiny'] }, dependencies: { react: '^19.1.0', '@agri/ui': 'workspace:*' } });
    const { shared } = federationOf(/** @type {AppConfig} */ (defineApp({ dir, exposes: { './routes': './src/routes.ts' } })({}, { mode: 'production' })));
    const names = Object.keys(shared);
    assert.deepEqual(
      names.filter((name) => !name.startsWith('@agri/')),
      ['react', 'react/jsx-runtime'],
      'not react-dom, zustand or react-toastify, which it does not depend on',
    );
    assert.deepEqual(shared.react, { singleton: true, requiredVersion: '^19.1.0' }, 'its own range for a library');
    const workspaceEntries = names.filter((name) => name.startsWith('@agri/'));
    assert.ok(workspaceEntries.includes('@agri/ui') && workspaceEntries.includes('@agri/ui/federation'), `${workspaceEntries}`);
    assert.ok(
      workspaceEntries.every((name) => name === '@agri/ui' || name.startsWith('@agri/ui/')),
      'not the API client, which it does not depend on',
    );

    const { version } = readPackage(join(rootDir, 'packages/ui'));
    const major = semver.major(version);
    for (const name of workspaceEntries) {
      const { singleton, requiredVersion } = shared[name];
      assert.equal(singleton, true, name);
      assert.ok(
        semver.satisfies(`${major}.99.0`, requiredVersion) && semver.satisfies(version, requiredVersion),
        `${name}: ${requiredVersion} takes any ${major}.x`,
      );
      assert.ok(!semver.satisfies(`${major + 1}.0.0`, requiredVersion), `${name}: ${requiredVersion} refuses the next major`);
    }
  });

  it('every app of the site shares React DOM and the API client, whose major is the API contract’s', async () => {
    const contract = readPackage(join(rootDir, 'packages/api-client')).version;
    for (const app of [shellApp, ...remoteApps]) {
      const { shared } = federationOf(await appConfig(app, 'production'));
      assert.equal(shared['react-dom']?.singleton, true, app.name);
      assert.ok(semver.satisfies(contract, shared['@agri/api-client'].requiredVersion), app.name);
      assert.ok(!semver.satisfies(`${semver.major(contract) + 1}.0.0`, shared['@agri/api-client'].requiredVersion), app.name);
    }
  });

  it('the shell provides every workspace entry from its file, with its version, so that an island takes one copy on every page', async () => {
    const { shared: provided } = federationOf(await appConfig(shellApp, 'production'));
    const kit = readPackage(join(rootDir, 'packages/ui'));
    for (const entry of ['@agri/ui', '@agri/ui/forms', '@agri/ui/dates', '@agri/ui/payments']) {
      assert.equal(provided[entry]?.version, kit.version, `${entry}: without a version the gate reads 0`);
      assert.ok(existsSync(/** @type {string} */ (provided[entry].import)), `${entry}: ${provided[entry].import}`);
    }
    assert.match(/** @type {string} */ (provided['@agri/ui/forms'].import), /forms/);
    for (const app of remoteApps) {
      const { shared } = federationOf(await appConfig(app, 'production'));
      assert.equal(shared['@agri/ui/forms']?.import, undefined, `${app.name} keeps its own copy, for a shell that lacks it`);
    }
  });
});

describe('what the build writes (a throw-away remote in production, a shell in development)', () => {
  // Set by before(), for every test.
  /** @type {string} */
  let remoteOut;
  /** @type {string} */
  let shellOut;
  /** @type {(string | undefined)[]} */
  let shellModules;
  before(async () => {
    const remote = appFolder(
      'notices',
      { remote: { port: 3991, routes: ['/notices'], consumes: ['catalog/upcoming-events'] } },
      {
        'src/routes.ts': "import logo from './logo.png';\nimport icon from './icon.svg';\nexport const routes = [{ path: '/notices', logo, icon }];\n",
        'src/logo.png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
        'src/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
      },
    );
    const shell = appFolder(
      'host',
      { shell: { port: 3992 } },
      { 'src/index.ts': "document.title = 'host';\n", 'src/index.html': '<!doctype html><title><%= title %></title>' },
    );
    remoteOut = join(scratch, 'out-notices');
    shellOut = join(scratch, 'out-host');
    const configs = withEnv({ BUILD_OUTPUT_DIR: undefined }, () => [
      /** @type {AppConfig} */ (defineApp({ dir: remote, exposes: { './routes': './src/routes.ts' } })({}, { mode: 'production' })),
      /** @type {AppConfig} */ (defineApp({ dir: shell })({}, { mode: 'development' })),
    ]);
    configs[0].output.path = remoteOut;
    configs[1].output.path = shellOut;
    // The federation manifest plugin warns that publicPath 'auto' resolves the manifest from its host: expected.
    for (const config of configs) config.infrastructureLogging = { level: 'error' };
    const stats = await /** @type {Promise<import('@rspack/core').MultiStats>} */ (
      new Promise((resolve, reject) =>
        rspack(/** @type {import('@rspack/core').Configuration[]} */ (configs)).run((error, result) =>
          error ? reject(error) : resolve(/** @type {import('@rspack/core').MultiStats} */ (result)),
        ),
      )
    );
    assert.equal(stats.hasErrors(), false, stats.toString({ all: false, errors: true }));
    // Asked for above, the modules are listed.
    const modules = /** @type {import('@rspack/core').StatsModule[]} */ (stats.stats[1].toJson({ all: false, modules: true }).modules);
    shellModules = modules.map((module) => module.nameForCondition ?? module.name);
  });

  /**
   * The files of a build folder, by their paths in it.
   *
   * @type {(dir: string) => string[]}
   */
  const filesIn = (dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)));

  it('app.json holds the routes a remote owns and the modules it consumes; the shell’s, its name', () => {
    assert.deepEqual(JSON.parse(readFileSync(join(remoteOut, 'app.json'), 'utf8')), {
      name: 'notices',
      routes: ['/notices'],
      consumes: ['catalog/upcoming-events'],
    });
    assert.deepEqual(JSON.parse(readFileSync(join(shellOut, 'app.json'), 'utf8')), { name: 'host' });
    assert.ok(existsSync(join(remoteOut, 'remoteEntry.js')) && existsSync(join(remoteOut, 'mf-manifest.json')));
  });

  it('each text file of a production build has a .br and a .gz beside it that decompress to its bytes; other files have none', () => {
    const files = filesIn(remoteOut);
    const text = files.filter((path) => /\.(js|css|html|json|svg)$/.test(path));
    for (const name of ['remoteEntry.js', 'mf-manifest.json', 'app.json']) assert.ok(text.includes(name), `${name} in ${files}`);
    assert.ok(
      text.some((path) => /^assets\/icon\.[0-9a-f]+\.svg$/.test(path)),
      `an SVG picture in ${files}`,
    );
    for (const path of text) {
      const original = readFileSync(join(remoteOut, path));
      assert.ok(brotliDecompressSync(readFileSync(join(remoteOut, `${path}.br`))).equals(original), `${path}.br`);
      assert.ok(gunzipSync(readFileSync(join(remoteOut, `${path}.gz`))).equals(original), `${path}.gz`);
    }
    const others = files.filter((path) => !text.includes(path) && !/\.(br|gz)$/.test(path));
    assert.ok(
      others.some((path) => /^assets\/logo\.[0-9a-f]+\.png$/.test(path)),
      `a PNG picture in ${files}`,
    );
    for (const path of others) assert.ok(!files.includes(`${path}.br`) && !files.includes(`${path}.gz`), `${path} is not precompressed`);
  });

  it('a production build keeps its source maps beside its scripts, and no script names them (the site never serves them)', () => {
    const files = filesIn(remoteOut);
    assert.ok(files.includes('remoteEntry.js.map'), `a source map in ${files}`);
    for (const path of files.filter((each) => each.endsWith('.js'))) {
      assert.doesNotMatch(readFileSync(join(remoteOut, path), 'utf8'), /sourceMappingURL/, path);
    }
  });

  it('a development build is not precompressed', () => {
    assert.deepEqual(
      filesIn(shellOut).filter((path) => /\.(br|gz)$/.test(path)),
      [],
    );
  });

  it('the federation runtime is built from its ES modules, none of it from the CommonJS builds', () => {
    // What the filter keeps is a name.
    const federation = /** @type {string[]} */ (shellModules.filter((path) => path?.includes('@module-federation')));
    assert.ok(
      federation.some((path) => /webpack-bundler-runtime[\\/]dist[\\/]index\.js$/.test(path)),
      `${federation}`,
    );
    assert.deepEqual(
      federation.filter((path) => path.endsWith('.cjs')),
      [],
    );
  });
});

// @ts-check
// The one build recipe every app uses: the shell (host) and the remotes.
// An app's rspack.config.mjs states only what is its own: what it exposes (and, for the shell, its runtime
// plugins); its name and port are in its package.json (tooling/build/apps.mjs).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { devOrigin, readPackage } from './apps.mjs';
import { ISLAND_LOADER_FILE, SPECULATION_RULES } from './island-loader.mjs';
import { COMPRESSIBLE, compressedForms } from './precompress.mjs';
import { sharedConfig } from './shared-libraries.mjs';
import { apiPicturesOf, passPictureOn } from '../serve/api-pictures.mjs';
import { siteConfigFor } from './site-config.mjs';

/** @typedef {import('@rspack/core').Compiler} Compiler */
/** @typedef {import('@rspack/core').Configuration} Configuration */
/** @typedef {{ dir: string, outputPath: string, after: string }} AloneBuild  an app's folder, where its build goes, the build it follows */

/**
 * Emits app.json beside the manifest: what a release of this build owns and needs that the manifest does
 * not say (the route prefixes a remote owns, the modules it loads from other remotes), from the `remote`
 * field of the app's package.json. The release tooling (tooling/delivery) reads it with the manifest.
 */
class AppFactsPlugin {
  /** @param {{ name: string, routes?: string[], consumes?: string[] }} facts */
  constructor(facts) {
    this.facts = facts;
  }
  /** @param {Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AppFactsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AppFactsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('app.json', new rspack.sources.RawSource(`${JSON.stringify(this.facts, null, 2)}\n`));
      });
    });
  }
}

/**
 * The federation plugin names its runtime by the paths of its CommonJS builds, which cannot be tree-shaken;
 * the ES module builds beside them are the same code. Swapping every entry into them (the bundler runtime,
 * runtime plugins, the `@module-federation/runtime` alias) makes the whole runtime ES modules, none of it
 * twice. Listed after ModuleFederationPlugin, so it sees the alias that one sets.
 */
class FederationEsmPlugin {
  /** @param {Compiler} compiler */
  apply(compiler) {
    const commonJs = /@module-federation[\\/][^\\/]+[\\/]dist[\\/].*\.cjs$/;
    /** @param {string} path */
    const toEsm = (path) => path.replace(/\.cjs$/, '.js');
    new rspack.NormalModuleReplacementPlugin(commonJs, (resource) => {
      resource.request = toEsm(resource.request);
    }).apply(compiler);
    compiler.hooks.afterPlugins.tap('FederationEsmPlugin', () => {
      const alias = /** @type {Record<string, unknown>} */ (compiler.options.resolve.alias ?? {});
      for (const [name, target] of Object.entries(alias)) {
        if (typeof target === 'string' && commonJs.test(target)) alias[name] = toEsm(target);
      }
    });
  }
}

// React Router 7's package exports name its development build for every condition (remix-run/react-router#14102):
// a production bundle would carry its development warnings and checks. Its production build sits beside it.
const reactRouterDir = dirname(createRequire(join(import.meta.dirname, '../../packages/ui/package.json')).resolve('react-router/package.json'));

/**
 * How every app resolves its imports (the monolith of `npm run build:monolith` too).
 *
 * @param {boolean} production
 */
export const resolveOptions = (production) => ({
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  alias: production ? { 'react-router$': join(reactRouterDir, 'dist/production/index.mjs') } : {},
});

/**
 * How every app's sources, styles and images are built (the monolith of `npm run build:monolith` too).
 *
 * @param {boolean} production
 */
export const moduleRules = (production) => [
  {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
      env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
    },
    type: 'javascript/auto',
  },
  { test: /\.css$/, type: 'css/auto' },
  { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?|eot|ttf)$/, type: 'asset/resource' },
];

/**
 * Writes the brotli and gzip forms of each text file beside it (precompress.mjs). It runs after the stage at which
 * the federation plugin writes mf-manifest.json, which the shell fetches on every visit.
 */
export class PrecompressPlugin {
  /** @param {Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1 }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!COMPRESSIBLE.test(name)) continue;
          for (const [suffix, data] of compressedForms(source.buffer())) compilation.emitAsset(`${name}${suffix}`, new rspack.sources.RawSource(data));
        }
      });
    });
  }
}

/**
 * @param {object} app
 * @param {string} app.dir         the app's folder; its package.json names it (`@agri/<name>`: the federation
 *                                 name, also the global uniqueName) and gives its dev port (`shell` or `remote`)
 * @param {Record<string,string>} [app.exposes]  modules a remote hands to the shell
 * @param {string[]} [app.runtimePlugins]
 * @param {string} [app.serviceWorker]  the shell's service worker, built alone (no federation) into /sw.js
 * @param {string} [app.documentReports]  the shell's reports.js, built alone beside its entry: the browser reports
 *        of a document with islands no island has needed (apps/shell/src/reports/document-reports.ts)
 * @param {string} [app.islandLoader]  the shell's island loader, built alone into island-loader.js, which every
 *        prerendered page carries inline (island-loader.mjs)
 */
export function defineApp({ dir, exposes, runtimePlugins = [], serviceWorker, documentReports, islandLoader }) {
  const isRemote = Boolean(exposes);
  const manifest = readPackage(dir);
  const name = manifest.name.replace(/^@agri\//, '');
  const { remote = { routes: [], consumes: [] } } = manifest;
  const port = (manifest.shell ?? remote).port;
  return (/** @type {unknown} */ _env, /** @type {{ mode?: string }} */ argv) => {
    const production = argv.mode === 'production';
    // A remote's own page (its main entry) is for its dev server; in production
    // the shell loads only its remoteEntry.
    const ownPage = !isRemote || !production;
    const outputPath = process.env.BUILD_OUTPUT_DIR ?? join(dir, 'dist');
    const app = {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      entry: ownPage ? { main: './src/index.ts' } : {},
      // A release's source maps stay in its folder, for whoever reads the server's files (a stack trace decoded);
      // its scripts do not name them, and the site's server never serves them (static-server.mjs).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        // A release builds into its own folder (tooling/delivery/release.mjs).
        path: outputPath,
        // Every app's code finds its chunks beside the script it was loaded from (a remote's remoteEntry.js, the
        // shell's main.js), so one build serves from any folder: the root of a test server, or a release's.
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // Only a hang ends here, not a slow phone link (a 200 KB chunk shares a 400 kbps link for
        // tens of seconds); a hanging chunk then shows the unavailable panel instead of waiting 120 s.
        chunkLoadTimeout: 60_000,
        clean: true,
      },
      resolve: resolveOptions(production),
      module: { rules: moduleRules(production) },
      plugins: [
        ...(ownPage
          ? [
              new rspack.HtmlRspackPlugin({
                template: isRemote ? join(import.meta.dirname, 'standalone-page.html') : join(dir, 'src', 'index.html'),
                templateParameters: { title: `${name} (running alone)` },
                // The shell's page is served at every path: it names its script from the root of the build, and a
                // release of the shell names it from its own folder instead (tooling/delivery/release.mjs).
                publicPath: '/',
                chunks: ['main'],
              }),
              new rspack.CopyRspackPlugin({ patterns: [{ from: join(dir, 'public'), noErrorOnMissing: true }] }),
            ]
          : []),
        new AppFactsPlugin(isRemote ? { name, routes: remote.routes, consumes: remote.consumes } : { name }),
        ...(production ? [new PrecompressPlugin()] : []),
        federationPlugin({ name, dir, exposes, runtimePlugins, isRemote, production }),
        new FederationEsmPlugin(),
      ],
      // Lazy compilation serves a remote's pages through its own dev server's proxy,
      // which the shell on another origin never triggers: compile everything up front.
      lazyCompilation: false,
      performance: { hints: false },
      devServer: {
        port,
        // The shell's dev server answers config.json for the other dev servers; a channel has its own (tooling/delivery).
        setupMiddlewares: isRemote ? undefined : answerSiteConfig,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false } },
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
    // The scripts built alone only in production builds: a dev server's files change under the same names, and it
    // serves no prerendered pages.
    const alone = production ? scriptsAlone({ dir, outputPath, after: name, serviceWorker, documentReports, islandLoader }) : [];
    return alone.length ? [app, ...alone] : app;
  };
}

/**
 * An app's federation plugin: its name, what a remote exposes (in remoteEntry.js), the libraries the apps
 * share (shared-libraries.mjs), and the runtime the shell hands to the remotes.
 *
 * @param {{ name: string, dir: string, exposes?: Record<string, string>, runtimePlugins: string[], isRemote: boolean, production: boolean }} app
 */
function federationPlugin({ name, dir, exposes, runtimePlugins, isRemote, production }) {
  return new ModuleFederationPlugin({
    name,
    filename: isRemote ? 'remoteEntry.js' : undefined,
    exposes,
    shared: sharedConfig(dir, { host: !isRemote }),
    // Never start another app's entry just to negotiate shared versions.
    shareStrategy: 'loaded-first',
    runtimePlugins,
    dts: false,
    // The shell hands its federation runtime to the remotes, so each remote
    // entry does not carry a copy (~30 KB gzip each). A remote's dev
    // server keeps its own runtime so that it runs alone.
    // The runtime is built for browsers only (no Node loading code) and without manifests: config.json
    // names each remote's entry and what it requires (tooling/delivery/store.mjs, site-config.mjs),
    // which spares a round trip and the runtime's code that reads manifests. A remote loads no other
    // remote through the runtime (another remote's fragment comes through the shell's loader).
    experiments: {
      ...(isRemote ? { externalRuntime: production } : { provideExternalRuntime: true }),
      optimization: { target: 'web', disableSnapshot: true, ...(isRemote ? { disableRemote: true } : {}) },
    },
  });
}

/**
 * The shell's dev server's middlewares: config.json for the dev servers (siteConfigFor), the API's pictures
 * passed on as a channel's server does (api-pictures.mjs), then the usual ones.
 *
 * @param {unknown[]} middlewares
 */
function answerSiteConfig(middlewares) {
  const config = siteConfigFor(devOrigin);
  const pictures = apiPicturesOf(config.api);
  return [
    {
      name: 'site-config',
      path: '/config.json',
      middleware: (/** @type {unknown} */ _request, /** @type {import('node:http').ServerResponse} */ response) => {
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(config));
      },
    },
    ...(pictures
      ? [
          {
            name: 'api-pictures',
            path: pictures.path,
            // Mounted on its path, the request's url is what follows it: originalUrl is the whole.
            middleware: (
              /** @type {import('node:http').IncomingMessage & { originalUrl: string }} */ request,
              /** @type {import('node:http').ServerResponse} */ response,
            ) => passPictureOn(pictures, new URL(request.originalUrl, 'http://localhost'), request, response, {}),
          },
        ]
      : []),
    ...middlewares,
  ];
}

/**
 * The shell's scripts built alone: its service worker (sw.js), reports.js and the island loader, as it names them.
 *
 * @type {(build: AloneBuild & { serviceWorker?: string, documentReports?: string, islandLoader?: string }) => Configuration[]}
 */
const scriptsAlone = ({ dir, outputPath, after, serviceWorker, documentReports, islandLoader }) => [
  ...(serviceWorker ? [scriptAlone({ dir, entry: serviceWorker, filename: 'sw.js', target: 'webworker', outputPath, after })] : []),
  ...(documentReports ? [scriptAlone({ dir, entry: documentReports, filename: 'reports.js', target: 'web', outputPath, after })] : []),
  ...(islandLoader ? [islandLoaderBuild({ dir, entry: islandLoader, outputPath, after })] : []),
];

/**
 * The island loader, built alone: a page carries it inline, so it is one script with no runtime of the bundler's,
 * no source map (nothing could fetch one) and the speculation rules it adds written in.
 *
 * @param {AloneBuild & { entry: string }} build
 * @returns {Configuration}
 */
export function islandLoaderBuild({ dir, entry, outputPath, after }) {
  const build = scriptAlone({ dir, entry, filename: ISLAND_LOADER_FILE, target: 'web', outputPath, after });
  return {
    ...build,
    devtool: false,
    plugins: [new rspack.DefinePlugin({ SPECULATION_RULES: JSON.stringify(SPECULATION_RULES) })],
  };
}

/**
 * A script built alone (no federation, one file): the service worker, which must be served from the site's root and
 * revalidated on every load, and reports.js, which a prerendered page finds beside the shell's entry by its name. At a
 * fixed name, after the app's build, which empties the folder first.
 *
 * @param {AloneBuild & { entry: string, filename: string, target: Configuration['target'] }} build
 * @returns {Configuration}
 */
export function scriptAlone({ dir, entry, filename, target, outputPath, after }) {
  return {
    name: `${after}-${filename.replace(/\.js$/, '')}`,
    dependencies: [after],
    mode: 'production',
    context: dir,
    target,
    entry: { [filename.replace(/\.js$/, '')]: entry },
    devtool: 'hidden-source-map',
    output: { path: outputPath, filename, clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: moduleRules(true) },
    plugins: [new PrecompressPlugin()],
    optimization: { splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

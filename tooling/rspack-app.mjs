// The one build recipe every app uses: the shell (host) and the three remotes.
// An app's rspack.config.mjs states only what is its own: name, port, exposes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** Libraries that must exist once in the browser, whichever app loads them first. */
const singletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  'react-toastify',
];
// Each entry of a workspace package is its own shared module: '@agri/ui/federation' holds the
// fragment loader registry and the lazy-module cache, which must exist once like the rest.
const workspacePackages = ['@agri/ui', '@agri/ui/federation', '@agri/api-client'];

function sharedConfig(appDir) {
  const { dependencies } = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  const shared = {};
  for (const name of singletons) {
    const packageName = name.split('/')[0];
    shared[name] = { singleton: true, requiredVersion: dependencies[packageName] };
  }
  for (const name of workspacePackages) {
    shared[name] = { singleton: true, requiredVersion: '^1.0.0' };
  }
  return shared;
}

/**
 * @param {object} app
 * @param {string} app.name        federation name (also the global uniqueName)
 * @param {string} app.dir         the app's folder
 * @param {number} app.port        dev-server port
 * @param {Record<string,string>} [app.exposes]  modules a remote hands to the shell
 * @param {string[]} [app.runtimePlugins]
 */
export function defineApp({ name, dir, port, exposes, runtimePlugins = [] }) {
  const isRemote = Boolean(exposes);
  return (_env, argv) => {
    const production = argv.mode === 'production';
    // A remote's own page (its main entry) is for its dev server; in production
    // the shell loads only its remoteEntry.
    const ownPage = !isRemote || !production;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: ownPage ? { main: './src/index.ts' } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: join(dir, 'dist'),
        // Remotes resolve their chunks from wherever their remoteEntry was loaded.
        publicPath: isRemote ? 'auto' : '/',
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
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [
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
        ],
      },
      plugins: [
        ...(ownPage
          ? [
              new rspack.HtmlRspackPlugin({
                template: isRemote ? join(import.meta.dirname, 'standalone-page.html') : join(dir, 'src', 'index.html'),
                templateParameters: { title: `${name} (running alone)` },
                chunks: ['main'],
              }),
              new rspack.CopyRspackPlugin({ patterns: [{ from: join(dir, 'public'), noErrorOnMissing: true }] }),
            ]
          : []),
        new ModuleFederationPlugin({
          name,
          filename: isRemote ? 'remoteEntry.js' : undefined,
          exposes,
          shared: sharedConfig(dir),
          // Never start another app's entry just to negotiate shared versions.
          shareStrategy: 'loaded-first',
          runtimePlugins,
          dts: false,
          // The shell hands its federation runtime to the remotes, so each remote
          // entry does not carry a copy (~30 KB gzip each). A remote's dev
          // server keeps its own runtime so that it runs alone.
          experiments: isRemote ? { externalRuntime: production } : { provideExternalRuntime: true },
        }),
      ],
      // Lazy compilation serves a remote's pages through its own dev server's proxy,
      // which the shell on another origin never triggers: compile everything up front.
      lazyCompilation: false,
      performance: { hints: false },
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false } },
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}

// @ts-check
// `npm run build:monolith`: the same pages as the composed site, built as one app (the remotes' route
// tables imported statically, no federation), for `npm run bench:web` to price the composition. Not a
// product: nothing deploys it.
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { PrecompressPlugin, islandLoaderBuild, moduleRules, resolveOptions, scriptAlone } from '../../build/rspack-app.mjs';

const root = join(import.meta.dirname, '../../..');

const outputPath = join(import.meta.dirname, 'dist');

const site = {
  name: 'monolith',
  mode: 'production',
  context: root,
  entry: { main: join(import.meta.dirname, 'index.ts') },
  devtool: 'source-map',
  output: {
    path: outputPath,
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    cssFilename: '[name].[contenthash:8].css',
    cssChunkFilename: '[name].[contenthash:8].css',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    clean: true,
  },
  resolve: {
    ...resolveOptions(true),
    alias: { ...resolveOptions(true).alias, [join(root, 'apps/shell/src/federation/remotes.ts')]: join(import.meta.dirname, 'static-remotes.ts') },
  },
  module: { rules: moduleRules(true) },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: join(root, 'apps/shell/src/index.html') }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: join(root, 'apps/shell/public') }] }),
    new PrecompressPlugin(),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};

// The same reports.js and island loader as the shell's: a prerendered page carries the loader, which adds
// reports.js for a visit no part of the page has needed.
export default [
  site,
  scriptAlone({
    dir: join(root, 'apps/shell'),
    entry: './src/reports/document-reports.ts',
    filename: 'reports.js',
    target: 'web',
    outputPath,
    after: 'monolith',
  }),
  islandLoaderBuild({ dir: join(root, 'apps/shell'), entry: './src/islands/loader/index.ts', outputPath, after: 'monolith' }),
];

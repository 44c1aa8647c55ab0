// @ts-check
// An imported image becomes its file name: the bundler gives each file its own
// URL, and lists keyed by image URL (the home page's hero slides) need them distinct.
import { basename } from 'node:path';

export default {
  /** @type {(_source: string, filename: string) => { code: string }} */
  process: (_source, filename) => ({ code: `module.exports = ${JSON.stringify(basename(filename))};` }),
};

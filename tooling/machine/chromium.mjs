// @ts-check
// Debian's Chromium, in two builds of one version: the browser a visitor has, which the benchmarks measure
// in, and its headless shell, which the prerenderer and the e2e suites run in. The shell has no browser
// window around its pages: a page load costs about half the processor time (measured 2026-11-27, docs/testing.md).
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

/** The browser as visitors have it: Lighthouse and the phone benchmarks (tooling/bench). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's headless shell: the prerenderer and the e2e suites. */
export const HEADLESS_CHROMIUM = process.env.HEADLESS_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** How every browser of the kit is started on these machines: as root, no GPU, no calls home. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

const PACKAGES = [
  ['chromium', CHROMIUM],
  ['chromium-headless-shell', HEADLESS_CHROMIUM],
];

/** Installs what is missing of the two (as root; otherwise says how). */
export function ensureChromium() {
  const missing = /** @type {[string, string][]} */ (PACKAGES).filter(([, path]) => !existsSync(path)).map(([name]) => name);
  if (missing.length) aptInstall(missing, 'the prerenderer and the e2e suites');
}

// Debian's Chromium: the e2e suites run in it, and the prerenderer makes the public pages in it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM } from '../prerender/prerender.mjs';

/** Installs Chromium with apt when it is missing and this runs as root; otherwise says how. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Debian's Chromium is needed at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
  }
  console.log("Installing Debian's Chromium ...");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

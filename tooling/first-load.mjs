// First-load JavaScript of a page: every script the browser fetched until the
// network went quiet, sized as a server would send it (gzip).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { apps } from './sites.mjs';
import { siteConfigFor } from './site-config.mjs';
import { serveStatic } from './static-server.mjs';

/** Budget for `/` (KB, gzip), checked by the e2e suite. */
export const FIRST_LOAD_BUDGET_KB = 400;

/** @param {import('@playwright/test').Page} page */
export async function measureFirstLoadJs(page, url) {
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    scripts.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length })));
  });
  await page.goto(url);
  // On a busy machine the network can idle while the first script still runs:
  // wait for the page's heading, then for the network to settle.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(scripts);
  const totalKb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  return { files, totalKb };
}

/** Serves the built apps on spare ports, opens `/` in Chromium and prints its first-load JS. */
export async function printFirstLoadOfHome({ chromiumPath = '/usr/bin/chromium', portBase = 5900 } = {}) {
  if (!existsSync(chromiumPath)) {
    console.log(`First-load JS of /: not measured (no Chromium at ${chromiumPath}; npm test installs it).`);
    return;
  }
  const { chromium } = await import('@playwright/test');
  const url = (index) => `http://localhost:${portBase + index}`;
  const config = siteConfigFor((name) => url(apps.findIndex((app) => app.name === name)), url(9));
  const servers = await Promise.all(
    apps.map((app, index) =>
      serveStatic({
        dir: join(app.dir, 'dist'),
        port: portBase + index,
        files: index === 0 ? { '/config.json': JSON.stringify(config) } : {},
      }),
    ),
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const { files, totalKb } = await measureFirstLoadJs(await browser.newPage(), `${url(0)}/`);
    console.log(`First-load JS of /: ${totalKb.toFixed(1)} KB gzip in ${files.length} files (budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
}

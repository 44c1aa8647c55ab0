// First-load JavaScript of a page: every script the browser fetched until the shell had taken the page over
// and the network went quiet, sized as a server would send it (gzip). Sections far down a page, which load
// as the visitor scrolls to them, are not part of it.
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript budgets (KB, gzip): the home page, and every other public page (162.2 and at most 192.1 KB
 * measured on 2026-11-26; 165 and 214 before). A page whose data shows at once asks the API again once it is
 * taken over (docs/prerendered-pages.md) without the API client's transport (axios, 21 KB, loads with the first
 * other call); the home page asks nothing until the visitor scrolls to its lists. What is fetched ahead for the
 * next page starts seconds after the load event, when the page's own network has gone quiet (docs/phones.md),
 * and is not the page's.
 */
export const FIRST_LOAD_BUDGET_KB = { home: 165, page: 195 };
export const firstLoadBudgetOf = (path) => (path === '/' ? FIRST_LOAD_BUDGET_KB.home : FIRST_LOAD_BUDGET_KB.page);

/** @param {import('@playwright/test').Page} page */
export async function measureFirstLoadJs(page, url) {
  const scripts = [];
  const requests = [];
  page.on('request', (request) => requests.push(request));
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    scripts.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length })));
  });
  await page.goto(url);
  // On a busy machine the network can idle while the first script still runs: wait for the page's
  // heading and for the shell to have taken it over, then for the network to settle.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.locator('html[data-shell="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(scripts);
  const totalKb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  return { files, totalKb, requests: requests.length };
}

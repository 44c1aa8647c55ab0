// Documents with islands (docs/composition.md, "Islands"): a part of the page acts once its island is in.
import type { Locator, Page, Request } from '@playwright/test';
import { expect } from './fixtures';

/**
 * On a document with islands, asks for the island that holds `part` as a visitor does (a focus in it) and waits
 * until it is in; on a page rendered afresh as the application there is nothing to wait for.
 */
export async function islandOf(part: Locator): Promise<void> {
  const onIslands = await part.page().evaluate(() => {
    const loader = (window as unknown as { agriIslands?: { wholePage: boolean } }).agriIslands;
    return Boolean(loader) && !loader!.wholePage;
  });
  if (!onIslands) return;
  const island = part.locator('xpath=ancestor-or-self::*[@data-island][1]');
  await part.locator('input, textarea, button').first().focus();
  await expect(island).toHaveAttribute('data-island-state', 'ready');
}

/** Whether a request is for the shell's reports.js, which a document adds when idle to count the visit. */
export const isReportsScript = (request: Request): boolean => new URL(request.url()).pathname.endsWith('/reports.js');

/**
 * The scripts the page asks for, from now on: the code of its parts, not the shell's reports.js (which counts the
 * visit, and is proven in foundation/islands.spec.ts).
 */
export function scriptsOf(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !isReportsScript(request)) scripts.push(request);
  });
  return scripts;
}

/** Holds every script of the site until `release` is called: the page is as a phone on a slow link has it. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.fallback();
    },
  );
  return release;
}

import { expect, type Locator, type Page } from '@playwright/test';
import { BENIGN_RICH_TEXT, XSS_PAYLOADS } from './xss-payloads';

/** The payloads SafeHtml's unit tests use too, as the strings a server would send. */
export const PAYLOADS: readonly string[] = XSS_PAYLOADS.map((payload) => payload.html);

/** The payload at `index`, wrapping round, to spread all of them over many records and fields. */
export const payloadAt = (index: number): string => PAYLOADS[index % PAYLOADS.length]!;

/** Every payload in one plain-text field, for pages that show a single record. */
export const ALL_PAYLOADS = PAYLOADS.join(' ');

/** A description of ordinary rich text followed by every payload, between `<hr>`s that show none swallowed the next. */
export const HOSTILE_DESCRIPTION = `${BENIGN_RICH_TEXT}${PAYLOADS.join('<hr>')}`;

/**
 * Defines `__xss` in every frame before any page script runs, and returns the
 * list of what ran: each `__xss` call (reported through the console, which
 * every frame reaches), each dialog, and each error naming `__xss` (a frame
 * the trap missed).
 */
export async function trapXss(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.addInitScript(() => {
    (window as unknown as { __xss: (id: number) => void }).__xss = (id) => console.log(`__xss ran: payload ${id}`);
  });
  page.on('console', (message) => {
    if (message.text().startsWith('__xss ran')) ran.push(message.text());
  });
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => {
    if (error.message.includes('__xss')) ran.push(`error: ${error.message}`);
  });
  return ran;
}

/**
 * What a payload left in the page that could run code, restyle the page or
 * collect input. React never writes `on*` attributes and the app links to no
 * script URL, so anywhere in the document those come from a payload; inside
 * SafeHtml's containers (`[data-server-html]`) no style, form or field may exist.
 */
function findInjected(): string[] {
  const describe = (element: Element) => element.outerHTML.slice(0, 100);
  const found: string[] = [];
  // Any attribute value read as a URL the way the browser would (entities decoded, whitespace and case normalised).
  const isScriptUrl = (value: string) => {
    try {
      const url = new URL(value, window.location.href);
      return url.protocol === 'javascript:' || url.protocol === 'vbscript:' || (url.protocol === 'data:' && !url.href.startsWith('data:image/'));
    } catch {
      return false;
    }
  };
  for (const element of document.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on') || name === 'srcdoc' || isScriptUrl(value)) {
        found.push(`[${name}] on ${describe(element)}`);
      }
    }
  }
  const inServerHtml = 'script, style, form, input, button, textarea, select, iframe, object, embed, svg, math, meta, link, base, template, [style]'
    .split(', ')
    .map((selector) => `[data-server-html] ${selector}`)
    .join(', ');
  for (const element of document.querySelectorAll(`${inServerHtml}, body base, body meta[http-equiv]`)) found.push(describe(element));
  return found;
}

/**
 * Expects that nothing was injected; then does what a visitor would to the
 * server HTML (hover, click the payloads' links), waits until its images have
 * loaded or failed (so an error handler has had its chance) and expects that nothing ran.
 */
export async function expectNothingRan(page: Page, ran: string[]): Promise<void> {
  expect(await page.evaluate(findInjected)).toEqual([]);
  const serverHtml = page.locator('[data-server-html]');
  for (const target of await serverHtml.getByText('Hover me', { exact: true }).all()) await target.hover();
  for (const link of await serverHtml.locator('a').getByText('Click me', { exact: true }).all()) await link.click();
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('[data-server-html] img')].every((image) => image.complete)))
    .toBe(true);
  expect(ran).toEqual([]);
}

/** `container` shows HOSTILE_DESCRIPTION whole: its rich text, and every separator (no payload hid the rest). */
export async function expectHostileDescription(container: Locator): Promise<void> {
  await expect(container.getByRole('heading', { name: 'Course outline' })).toBeVisible();
  await expect(container.locator('hr')).toHaveCount(PAYLOADS.length - 1);
}

/** `scope` shows every one of `texts` literally: the markup arrived as text, not as elements. */
export async function expectShownAsText(scope: Locator, texts: readonly string[]): Promise<void> {
  await expect(scope).toContainText(texts[0]!);
  const shown = (await scope.textContent()) ?? '';
  expect(texts.filter((text) => !shown.includes(text))).toEqual([]);
}

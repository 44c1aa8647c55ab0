// Pictures staff upload (docs/media.md): a camera-sized photo chosen in the article editor is scaled in the
// browser, described, and sent; the article's prerendered page shows it as a <picture> of AVIF and WebP widths;
// a phone takes the small AVIF, and one that saves data a narrower one; the library will not delete a picture
// that content shows.
import type { Page } from '@playwright/test';
import { cameraPhoto } from '../../apps/api/bench/camera-photo';
import { expect, test } from '../support/fixtures';
import { joinTheTeam, skipOnExternalSite } from './staff-support';

test.skip(skipOnExternalSite(), 'needs the harness API: its terminal and its test outbox');

/**
 * Opens `url` on a phone's page once the phone's screen is in place. A new context's first document of an origin can be
 * laid out at Playwright's default 1,280 px before the phone's emulation reaches its renderer (seen on a busy machine:
 * the 828 chosen for a 412 px screen at one pixel, the 1,920 at two), and Chromium then keeps taking the larger file it
 * holds: so a picture-less document of the same origin is opened first, and the phone's screen awaited in it.
 */
async function openOnPhone(page: Page, url: string): Promise<void> {
  await page.goto(new URL('/favicon.svg', url).href);
  // The article's `sizes` starts with (min-width: 1200px): a phone's screen (980 px wide on a page without a viewport tag) never matches it.
  await expect.poll(() => page.evaluate(() => matchMedia('(min-width: 1200px)').matches)).toBe(false);
  await page.goto(url);
}

test('a photo uploaded for a new article is on its prerendered page in AVIF and WebP widths; a phone takes the small one', async ({
  page,
  browser,
  request,
  site,
  readLatestMail,
  harness,
}) => {
  // A 12.5 MB photo made, handed to the browser, scaled and sent, then the pages made again: minutes on a busy machine.
  test.setTimeout(540_000);
  const title = `Drying Maize on Raised Racks ${Date.now()}`;
  const description = 'Trainees laying maize cobs on a raised drying rack';
  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  await page.goto('/staff/content/blog/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').fill('news');
  await page.getByRole('textbox', { name: 'Article' }).fill('Cobs dry faster off the ground.');

  // A large camera's 12 MP photo at its best quality: about 12.5 MB (the bench's photo: detail at every scale).
  const photo = await cameraPhoto({ quality: 100 });
  expect(photo.length).toBeGreaterThan(12 * 2 ** 20);
  await page.getByLabel(/Add photos/).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'The chosen photo, IMG_2041.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Description is Required')).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill(description);
  const sent = page.waitForRequest((asked) => asked.method() === 'POST' && asked.url().includes('/staff/pictures'));
  await page.getByRole('button', { name: 'Upload' }).click();
  // Scaled in the browser to 2,560 px before it left: at most 2 MB of the camera's 12.
  expect((await sent).postDataBuffer()!.length).toBeLessThan(2 * 2 ** 20);
  await expect(page.getByText('The photo is in the media library')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Pictures')).toHaveValue(/^\/static\/pictures\/[\w-]+$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit the blog post' })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

  // The prerendered page, as the pages are made again (PRERENDER_INTERVAL), holds the picture's widths.
  const html = async () => (await request.get(`${site.origin}/blog/${id}`)).text();
  await expect
    .poll(
      async () => {
        const served = await html();
        return served.includes('id="prerendered-page"') && served.includes('type="image/avif"');
      },
      { timeout: 240_000 },
    )
    .toBe(true);
  const served = await html();
  expect(served).toContain(`alt="${description}"`);
  expect(served).toMatch(/<img[^>]*fetchpriority="high"/i);
  expect(served).toMatch(/og:image" content="[^"]*\/static\/pictures\/files\/[0-9a-f]{20}-1200\.jpg"/);

  // A phone (412 px, one pixel per CSS pixel, slow link) is given the 412 px AVIF, from the site's own origin.
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await openOnPhone(phonePage, `${site.origin}/blog/${id}`);
  const shown = phonePage.getByRole('main').getByRole('img', { name: description });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/^http:\/\/[^/]+\/static\/pictures\/files\/[0-9a-f]{20}-412\.avif$/);
  await phonePage.screenshot({ path: test.info().outputPath('phone-article.png') });
  await phone.close();
  // A phone of two device pixels that asks to save data: its browser chose the 828, the site sent the 412.
  const saving = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2,
    isMobile: true,
    extraHTTPHeaders: { 'Save-Data': 'on' },
  });
  const savingPage = await saving.newPage();
  await openOnPhone(savingPage, `${site.origin}/blog/${id}`);
  const small = savingPage.getByRole('main').getByRole('img', { name: description });
  await expect.poll(() => small.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ''))).toMatch(/-828\.avif$/);
  // The file's own width (an <img> without srcset, asked for as this phone asks).
  const sentWidth = await small.evaluate(async (img: HTMLImageElement) => {
    const file = new Image();
    file.src = img.currentSrc;
    await file.decode();
    return file.naturalWidth;
  });
  expect(sentWidth).toBe(412);
  await saving.close();

  // The library lists it as shown by the article, and will not delete it.
  await page.goto('/staff/pictures');
  await expect(page.getByRole('link', { name: `blog post “${title}”` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${description}` })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('media-library.png'), fullPage: true });

  // Once the article is gone, the picture may go too; the suites that read the blog find it as it was.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('staff-session') ?? '{}') as { token: string }).token);
  expect((await request.delete(`${site.apiBaseUrl}staff/blog/${id}`, { headers: { Authorization: `Bearer ${token}` } })).ok()).toBeTruthy();
  await page.reload();
  await page.getByRole('button', { name: `Delete ${description}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “${description}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Picture deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${description}` })).toHaveCount(0);
});

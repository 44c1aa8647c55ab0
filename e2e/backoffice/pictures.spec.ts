// Pictures staff upload (docs/media.md): a camera-sized photo chosen in the article editor is scaled in the
// browser, described, and sent; the article's prerendered page shows it as a <picture> of AVIF and WebP widths;
// a phone takes the small AVIF; the library will not delete a picture that content shows.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { joinTheTeam, skipOnExternalSite } from './staff-support';

test.skip(skipOnExternalSite(), 'needs the harness API: its terminal and its test outbox');

/** A 3000 × 2000 JPEG drawn as a photo is (gradients and grain), as a phone's camera would give it. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, 2000);
    sky.addColorStop(0, '#8fb8de');
    sky.addColorStop(0.55, '#e8d8a8');
    sky.addColorStop(1, '#5d7a2e');
    context.fillStyle = sky;
    context.fillRect(0, 0, 3000, 2000);
    for (let i = 0; i < 4000; i += 1) {
      context.fillStyle = `hsl(${70 + (i % 40)}, 45%, ${25 + (i % 30)}%)`;
      context.fillRect((i * 7919) % 3000, 1100 + ((i * 104729) % 900), 14, 30);
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

test('a photo uploaded for a new article is on its prerendered page in AVIF and WebP widths; a phone takes the small one', async ({
  page,
  browser,
  request,
  site,
  readLatestMail,
  harness,
}) => {
  test.setTimeout(360_000);
  const title = `Drying Maize on Raised Racks ${Date.now()}`;
  const description = 'Trainees laying maize cobs on a raised drying rack';
  await joinTheTeam(page, { harness, readLatestMail }, 'staff');
  await page.goto('/staff/content/blog/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').fill('news');
  await page.getByRole('textbox', { name: 'Article' }).fill('Cobs dry faster off the ground.');

  const photo = await cameraPhoto(page);
  await page.getByLabel(/Add photos/).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'The chosen photo, IMG_2041.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Description is Required')).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill(description);
  const sent = page.waitForRequest((asked) => asked.method() === 'POST' && asked.url().includes('/staff/pictures'));
  await page.getByRole('button', { name: 'Upload' }).click();
  // Scaled in the browser to 2,560 px before it left: far fewer bytes than the camera's file.
  expect((await sent).postDataBuffer()!.length).toBeLessThan(photo.length);
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
  await phonePage.goto(`${site.origin}/blog/${id}`);
  const shown = phonePage.getByRole('main').getByRole('img', { name: description });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/^http:\/\/[^/]+\/static\/pictures\/files\/[0-9a-f]{20}-412\.avif$/);
  await phonePage.screenshot({ path: test.info().outputPath('phone-article.png') });
  await phone.close();

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

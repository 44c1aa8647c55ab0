// The home page, a document with islands (docs/composition.md, "Islands"): its slideshow and its counters are the
// style sheet's, so a visitor who touches nothing runs no code of the site and still sees both move; the
// slideshow's Pause wakes its island, the testimonials come as the visitor nears them, and the forums (catalog's)
// are drawn afresh once the first of them has ended.
import type { Page } from '@playwright/test';
import { upcomingEvents } from '../catalog/catalog-data';
import { patientExpect as expect, test } from '../support/fixtures';
import { holdScripts, scriptsOf } from '../support/islands';

test.use({ viewport: { width: 412, height: 823 } });

/** The four figures as the strip shows them: each place's wheel, read from where it is turned to, if shown. */
const figures = (page: Page) =>
  page.locator('.counter__value').evaluateAll((nodes) =>
    nodes.map((node) => {
      const places = [...node.querySelectorAll<HTMLElement>('.counter__place')].filter((place) => getComputedStyle(place).opacity !== '0');
      const digits = places.map((place) => {
        const wheel = place.querySelector<HTMLElement>('.counter__wheel')!;
        const turnedBy = -new DOMMatrix(getComputedStyle(wheel).transform).m42 / wheel.parentElement!.offsetHeight;
        return `${Math.round(turnedBy) % 10}${place.textContent!.endsWith(',') ? ',' : ''}`;
      });
      return `${digits.join('')}+`;
    }),
  );
const COUNTED = ['1,340+', '25+', '20+', '500+'];
const AT_ZERO = ['0+', '0+', '0+', '0+'];
/** Whether the counting stands still (held between 200 and 500 px below the window). */
const countingHeld = (page: Page) =>
  page.locator('.counter__value').evaluateAll((nodes) =>
    nodes.every((node) => {
      const animations = node.getAnimations({ subtree: true });
      return animations.length > 0 && animations.every((animation) => animation.playState === 'paused');
    }),
  );
/** Scrolls so that the strip's top is `below` px under the window's bottom. */
const stripBelowWindow = (page: Page, below: number) =>
  page.evaluate((distance) => {
    const top = document.querySelector('.counters')!.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - window.innerHeight - distance);
  }, below);

test('the home page nobody touches runs no code, and its slideshow changes and its figures count up', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Expert Agri-Food Training & Consultancy Solutions' })).toBeVisible();
  // The strip is within 200 px of a phone's window on arrival: it counts at once, in the figures' place.
  await expect.poll(() => figures(page)).toEqual(COUNTED);
  await expect(page.locator('.counter__figure').first()).toBeHidden();
  // The second picture takes the first one's place after 6 s.
  const slides = page.locator('.hero__slide');
  await expect.poll(() => slides.nth(1).evaluate((slide) => Number(getComputedStyle(slide).opacity))).toBeGreaterThan(0.95);
  await page.waitForLoadState('networkidle');
  expect(scripts.map((script) => script.url())).toEqual([]);
});

test('the figures count from 0 within 200 px of the window, hold between 200 and 500, and are back at 0 beyond', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => figures(page)).toEqual(COUNTED);
  // The strip moved far below the window (as on a page whose opening is taller than the window).
  await page.evaluate(() => document.querySelector('.counters')!.before(Object.assign(document.createElement('div'), { style: 'height: 2000px' })));
  await expect.poll(() => figures(page)).toEqual(AT_ZERO);
  await stripBelowWindow(page, 350);
  await expect.poll(() => countingHeld(page)).toBe(true);
  expect(await figures(page)).toEqual(AT_ZERO);
  await stripBelowWindow(page, 100);
  await expect.poll(() => figures(page)).toEqual(COUNTED);
  await stripBelowWindow(page, 350);
  await expect.poll(() => countingHeld(page)).toBe(true);
  expect(await figures(page)).toEqual(COUNTED);
  await stripBelowWindow(page, 700);
  await expect.poll(() => figures(page)).toEqual(AT_ZERO);
});

test('a tap on the slideshow’s Pause before the code is in shows that it heard, and pauses it once', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/');
  const pause = page.getByRole('button', { name: 'Pause background slideshow' });
  await pause.click();
  await expect(pause).toHaveAttribute('aria-busy', 'true');
  release();
  const play = page.getByRole('button', { name: 'Play background slideshow' });
  await expect(play).toBeVisible();
  await expect
    .poll(() => page.locator('.hero__slide').evaluateAll((slides) => slides.every((slide) => getComputedStyle(slide).animationPlayState === 'paused')))
    .toBe(true);
  await play.click();
  await expect(page.getByRole('button', { name: 'Pause background slideshow' })).toBeVisible();
});

test('the testimonials’ code comes as the visitor nears them, not before', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const testimonials = page.locator('[data-island="content/testimonials"]');
  await expect(testimonials).not.toHaveAttribute('data-island-state');
  expect(scripts).toHaveLength(0);
  await page.getByRole('heading', { name: 'What Our Clients Say' }).scrollIntoViewIfNeeded();
  await expect(testimonials).toHaveAttribute('data-island-state', 'ready');
  await page.getByRole('button', { name: 'Pause testimonials' }).click();
  await expect(page.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
});

test('on Save-Data the home page asks for its first picture only, and it stays', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true }));
  const heroPictures = new Set<string>();
  page.on('request', (request) => {
    if (/hero-[a-z-]+\.[0-9a-f]+\.svg$/.test(request.url())) heroPictures.add(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('.hero__slide').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...heroPictures]).toEqual([expect.stringMatching(/hero-maize-field/)]);
  await expect(page.getByRole('button', { name: /background slideshow/ })).toBeHidden();
});

test('without Save-Data the home page asks for all three of its pictures', async ({ page }) => {
  const heroPictures = new Set<string>();
  page.on('request', (request) => {
    if (/hero-[a-z-]+\.[0-9a-f]+\.svg$/.test(request.url())) heroPictures.add(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pause background slideshow' })).toBeVisible();
  await expect.poll(() => heroPictures.size).toBe(3);
});

test('an event that has ended since the home page was made drops off its forums when the page is opened', async ({ page, request, site }) => {
  const events = await upcomingEvents(request, site.apiBaseUrl);
  const [firstToEnd] = [...events].sort((a, b) => a.endDate.localeCompare(b.endDate));
  expect(await (await request.get(`${site.origin}/`)).text(), 'the page was made with the event').toContain(firstToEnd!.title);
  // The visitor opens the page the morning after its last day, in Kenya.
  await page.clock.setFixedTime(new Date(`${firstToEnd!.endDate.slice(0, 10)}T08:00:00+03:00`).getTime() + 86_400_000);
  await page.goto('/');
  const forums = page.getByRole('region', { name: 'Upcoming Forums' });
  await expect(page.locator('[data-island="catalog/upcoming-events"]')).toHaveAttribute('data-island-state', 'ready');
  await expect(forums.getByText(firstToEnd!.title, { exact: true })).toHaveCount(0);
  await expect(forums.getByRole('link', { name: 'More Events' })).toHaveAttribute('href', '/events');
});

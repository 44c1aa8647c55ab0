import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, toast } from './content-support';

/** The page at `path` came from its remote: a heading is shown and no "unavailable" panel. */
async function expectPageLoaded(page: Page, path: RegExp) {
  await expect(page).toHaveURL(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading').first()).toBeVisible();
  await expect(main.getByText(/temporarily unavailable/i)).toHaveCount(0);
}

test.describe('site frame navigation', () => {
  test('the header’s top navigation reaches every remote, and the home page has its own header style', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveClass(/site-header--home/);
    await expect(header.getByRole('link', { name: 'info@mavunoagrifood.co.ke' })).toBeVisible();
    await expect(header.getByRole('link', { name: /on LinkedIn/ })).toBeVisible();
    const nav = header.getByRole('navigation', { name: 'Main' });

    const stops: [string, RegExp][] = [
      ['About', /\/about$/],
      ['Courses', /\/courses$/],
      ['Events', /\/events$/],
      ['Contact', /\/contact$/],
      ['Home', /:\d+\/$/],
    ];
    for (const [label, path] of stops) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectPageLoaded(page, path);
      await expect(header).toHaveClass(label === 'Home' ? /site-header--home/ : /site-header--inner/);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await header.getByRole('link', { name: 'Log In' }).click();
    await expectPageLoaded(page, /\/login$/);
  });

  test('the side menu opens and closes by keyboard and reaches every remote', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    const stops: [string, RegExp][] = [
      ['About Us', /\/about$/],
      ['Courses', /\/courses$/],
      ['Events', /\/events$/],
      ['FAQ', /\/faqs$/],
      ['Contact Us', /\/contact$/],
      ['Log In', /\/login$/],
    ];
    for (const [label, path] of stops) {
      await menuButton.click();
      // In the page, hidden: the loader shows it from a stored session before any code.
      await expect(menu.getByText('My Account')).toBeHidden();
      await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(menu).toHaveCount(0);
      await expectPageLoaded(page, path);
    }
  });

  test('a signed-in customer gets the My Account group and Logout in the side menu', async ({ page, request, site, registerCustomer }) => {
    await signInThroughApi(page, request, site.apiBaseUrl, registerCustomer);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const stops: [string, RegExp][] = [
      ['My Profile', /\/my-profile$/],
      ['Edit Profile', /\/edit-profile$/],
      ['Address', /\/address$/],
      ['Cart', /\/cart$/],
      ['My Orders', /\/my-orders$/],
    ];
    for (const [label, path] of stops) {
      await header.getByRole('button', { name: 'Menu' }).click();
      await expect(menu.getByRole('link', { name: 'Log In' })).toHaveCount(0);
      const group = menu.getByRole('group', { name: 'My Account' });
      await group.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expectPageLoaded(page, path);
    }

    await header.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'User Logged Out Successfully')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('customer'))).toBeNull();
  });

  test('the footer’s links reach every remote and the legal pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Monday to Saturday, 10 AM to 8 PM')).toBeVisible();
    await expect(footer.getByRole('region', { name: 'Our Services' }).getByRole('listitem')).toHaveCount(7);
    const quickLinks = footer.getByRole('navigation', { name: 'Quick Links' });
    const stops: [string, RegExp][] = [
      ['About Us', /\/about$/],
      ['Courses', /\/courses$/],
      ['FAQ', /\/faqs$/],
      ['Contact Us', /\/contact$/],
    ];
    for (const [label, path] of stops) {
      await quickLinks.getByRole('link', { name: label, exact: true }).click();
      await expectPageLoaded(page, path);
    }
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expectPageLoaded(page, /\/privacy-policy$/);
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expectPageLoaded(page, /\/term-conditions$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(9);
  });

  test('each page sets exactly one title, description, keywords and canonical', async ({ page }) => {
    for (const path of ['/', '/about', '/blogs', '/faqs', '/contact', '/privacy-policy', '/term-conditions']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expect(page).toHaveTitle(/Mavuno Agri-Food Consultants/);
      await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('head meta[name="keywords"]')).toHaveCount(1);
      await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
      expect(await page.locator('head title').count()).toBe(1);
    }
  });
});

import { patientExpect as expect, test } from '../support/fixtures';
import { fillByLabel, postedBy } from '../support/forms';
import { seededCourses } from './catalog-data';

test.describe('courses', () => {
  test('course list, course page, then a call request', { tag: '@journey' }, async ({ page, request, site, checkA11y }) => {
    // Four pages and dialog states each get an axe run.
    test.slow();
    const [first] = await seededCourses(request, site.apiBaseUrl);
    await page.goto('/courses');
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader', { name: first!.title })).toBeVisible();
    await checkA11y(page);

    await table.getByRole('link', { name: `View ${first!.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${first!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'About Course' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What Will You learn' })).toBeVisible();
    await expect(page).toHaveTitle(`${first!.title} | Mavuno Agri-Food Consultants`);
    await checkA11y(page);

    const opener = page.getByRole('button', { name: 'Request Call' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Request a call' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await checkA11y(page);

    await dialog.getByRole('button', { name: 'Request Call' }).click();
    await expect(dialog.getByText('Name is Required')).toBeVisible();
    await checkA11y(page);

    await fillByLabel(dialog, { 'Full name': 'Grace Muthoni', Email: 'grace.muthoni@example.co.ke', 'Phone number': '712 345 678' });
    await dialog.getByLabel(/Preferred contact method/).selectOption('Email');
    const requestCall = dialog.getByRole('button', { name: 'Request Call' });
    expect(await postedBy(page, requestCall, '/requests/course-request/')).toMatchObject({
      contactDetails: { name: 'Grace Muthoni', email: 'grace.muthoni@example.co.ke', phone: '254712345678', contactMethod: 'Email' },
      course: { id: first!._id, title: first!.title, price: first!.price },
    });

    await expect(page.getByText('Booking Created successfully!')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Your Call Request has been received!' })).toBeVisible();
    await expect(dialog.getByText('Kindly wait for our team to reach out to you as soon as possible.')).toBeVisible();
    await checkA11y(page);

    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('add to cart while signed out goes through login and back', { tag: '@journey' }, async ({ page, request, site, registerCustomer }) => {
    const [first] = await seededCourses(request, site.apiBaseUrl);
    const customer = await registerCustomer();
    await page.goto(`/course/${first!._id}`);
    // Signed out, a link to log in, which the browser follows at once (on a document, with none of the site's code).
    await page.getByRole('main').getByRole('link', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=(/|%2F)course(/|%2F)${first!._id}$`));

    const login = page.getByRole('main');
    await login.getByLabel(/email/i).fill(customer.email);
    await login.getByLabel(/^password/i).fill(customer.password);
    await login.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${first!._id}$`));

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Product Added to Cart')).toBeVisible();
    // Once per course: the page says it is in the cart, and leads there; the header counts one seat.
    const aside = page.getByRole('complementary', { name: 'Course price and actions' });
    await expect(aside.getByRole('status')).toHaveText('In your cart');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
    // Back on the page another time: rendered by the browser, it says at once that the course is in the cart; as a
    // prerendered document (which runs no code until touched), a second tap wakes it, and it says so. Either way no
    // second seat, and the way to the cart.
    await page.reload();
    if ((await page.locator('#prerendered-page').count()) > 0) await aside.getByRole('button', { name: 'Add to cart' }).click();
    await expect(aside.getByRole('status')).toHaveText('In your cart');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
    await aside.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('main').getByRole('link', { name: first!.title })).toBeVisible();
  });

  test('the course list is readable on a 375 px screen', async ({ page, request, site, checkA11y }) => {
    const [first] = await seededCourses(request, site.apiBaseUrl);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/courses');
    await expect(page.getByRole('rowheader', { name: first!.title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const view = page.getByRole('link', { name: `View ${first!.title}` });
    await view.scrollIntoViewIfNeeded();
    await expect(view).toBeInViewport({ ratio: 1 });
    await checkA11y(page);
  });

  test('an unknown course shows a not-found state', async ({ page, checkA11y }) => {
    await page.goto('/course/no-such-course');
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
    await checkA11y(page);
  });
});

import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';

const password = 'Mavuno!2026secure';

/** A toast of the site's container, by its exact text. */
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test(
  'a customer registers, buys a course, pays it by M-Pesa (or cancels it where the API takes no payment) and logs out',
  { tag: '@journey' },
  async ({ page, request, site, readOtp, checkA11y }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('journey');
    const header = page.getByRole('banner');
    const main = page.getByRole('main');

    await test.step('register with the emailed code', async () => {
      await page.goto('/register');
      await expect(main.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
      await checkA11y(page);
      await main.getByLabel('First Name').fill('Wanjiku');
      await main.getByLabel('Last Name').fill('Kamau');
      await main.getByLabel('Email Address').fill(email);
      // Typed as people type it; stored and shown one way (toKenyanPhone, formatPhone).
      await main.getByLabel('Mobile Number').fill('0712-345-678');
      await main.getByLabel('Password').fill(password);
      await main.getByRole('button', { name: 'Create Account' }).click();
      await expect(toast(page, 'OTP has been sent to your email')).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
      await checkA11y(page);

      await main.getByLabel('Verification Code (OTP)').fill(await readOtp(email));
      await main.getByRole('button', { name: 'Verify Code' }).click();
      await expect(toast(page, 'User Has been Created Successfully!')).toBeVisible();
    });

    await test.step('signed in by the verified code, with the password just chosen: My Account in the header', async () => {
      await expect(header.getByRole('link', { name: 'My Account' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/my-profile$/);
      await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      await expect(main.getByText(email)).toBeVisible();
      await expect(main.getByRole('region', { name: 'Account Details' }).getByText('+254 712 345 678')).toBeVisible();
      await expect(main.getByRole('region', { name: 'Shipping Information' }).getByText('None').first()).toBeVisible();
      await checkA11y(page);
    });

    const courses = (await (await request.get(`${site.apiBaseUrl}course`)).json()) as { _id: string; title: string }[];
    const course = courses[0]!;

    await test.step('add a course to the cart from its page (catalog)', async () => {
      await page.goto(`/course/${course._id}`);
      await main.getByRole('button', { name: 'Add to cart' }).click();
      await expect(toast(page, 'Product Added to Cart')).toBeVisible();
      await expect(header.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
    });

    await test.step('the profile can be edited only after unlocking it', async () => {
      await page.goto('/edit-profile');
      await expect(main.getByLabel('First Name')).toHaveAttribute('readonly', '');
      await checkA11y(page);
      await main.getByRole('button', { name: 'Edit profile details' }).click();
      await main.getByLabel('Last Name').fill('Kamau-Njeri');
      await main.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Profile Updated Successfully')).toBeVisible();
      await expect(main.getByLabel('Last Name')).toHaveAttribute('readonly', '');
    });

    await test.step('the cart asks for an address, which is saved', async () => {
      await page.goto('/cart');
      await expect(main.getByRole('link', { name: course.title })).toBeVisible();
      await expect(main.getByText('VAT (16%, included)')).toBeVisible();
      await checkA11y(page);
      await main.getByRole('link', { name: 'Add Shipping Address' }).click();
      await expect(page).toHaveURL(/\/address\?redirect=/);
      await expect(main.getByRole('button', { name: 'Save Address' })).toBeVisible();
      await checkA11y(page);
      await main.getByLabel('County').selectOption('Kenya');
      await main.getByLabel('Address', { exact: true }).fill('Kenyatta Avenue, Mavuno Plaza, 2nd floor');
      await main.getByLabel('Area').fill('Nakuru Town');
      // The profile's number is offered as its field shows it; a second number typed another way.
      await expect(main.getByLabel('Phone Number')).toHaveValue('712 345 678');
      await main.getByLabel('Additional Number').fill('+254 110 123 456');
      await main.getByRole('button', { name: 'Save Address' }).click();
      await expect(toast(page, 'Address Saved Successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/cart$/);
    });

    await test.step('check out', async () => {
      await expect(main.getByText('Nakuru Town', { exact: false })).toBeVisible();
      await expect(main.getByText('+254 712 345 678', { exact: false })).toBeVisible();
      await main.getByRole('button', { name: 'Check Out' }).click();
      await expect(toast(page, 'Ordered Created Successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/my-orders(\?pay=[^&]+)?$/);
      await expect(header.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
      await expect(main.getByRole('listitem').filter({ hasText: course.title }).getByText('Ordered', { exact: true })).toBeVisible();
      await checkA11y(page);
    });

    const order = main.getByRole('listitem').filter({ hasText: course.title });
    if (site.takesMpesa) {
      // The kit's Daraja simulator: a number ending in 1 is cancelled on the phone, 0712 345 678 pays (docs/payments.md).
      await test.step('pay by M-Pesa: cancelled on the phone, then paid from another number', async () => {
        const phone = order.getByRole('textbox', { name: 'M-Pesa Number' });
        await expect(phone).toHaveValue('0712 345 678');
        await phone.fill('0712 345 671');
        await order.getByRole('button', { name: 'Send Payment Request' }).click();
        await expect(order.getByText('Check your phone and enter your M-Pesa PIN')).toBeVisible();
        await expect(order.getByText('The payment was cancelled on your phone.')).toBeVisible({ timeout: 20_000 });
        await checkA11y(page);
        await order.getByRole('button', { name: 'Use Another Number' }).click();
        await order.getByRole('textbox', { name: 'M-Pesa Number' }).fill('0712 345 678');
        await order.getByRole('button', { name: 'Send Payment Request' }).click();
        await expect(order.getByText('Payment received', { exact: true })).toBeVisible({ timeout: 20_000 });
        await expect(order.getByText(/^M-Pesa receipt [A-Z0-9]{10}\./)).toBeVisible();
        await expect(order.getByText('Paid', { exact: true })).toBeVisible();
        // Paid: it is neither paid again nor cancelled here; and so it stays on the next visit.
        await page.reload();
        await expect(order.getByText('Paid', { exact: true })).toBeVisible();
        await expect(order.getByRole('button', { name: /Pay with M-Pesa|Cancel Order/ })).toHaveCount(0);
      });
    } else {
      await test.step('cancel the order', async () => {
        await order.getByRole('button', { name: /^Cancel Order/ }).click();
        await order.getByRole('button', { name: 'Yes, Cancel Order' }).click();
        await expect(toast(page, 'Order Cancelled Successfully!')).toBeVisible();
        await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
      });
    }

    await test.step('log out and see Log In again', async () => {
      await main.getByRole('navigation', { name: 'My Account' }).getByRole('button', { name: 'Logout' }).click();
      await expect(toast(page, 'User Logged Out Successfully')).toBeVisible();
      await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'My Account' })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('customer'))).toBeNull();
    });
  },
);

test('the password pages pass axe', async ({ page, checkA11y }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await checkA11y(page);
  await page.goto('/reset-password/some-token');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await checkA11y(page);
});

import { expect, test, uniqueEmail } from '../support/fixtures';
import { fillByLabel, postedBy } from '../support/forms';
import { toast } from './content-support';

test.describe('newsletter', () => {
  test('subscribes, then tells a returning subscriber they are already registered', async ({ page, checkA11y }) => {
    const email = uniqueEmail('newsletter');
    await page.goto('/about');
    const form = page.getByRole('form', { name: 'Subscribe to Our Newsletter' });
    const field = form.getByLabel('Email address');

    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await field.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Thank you for subscribing to our newsletter!')).toBeVisible();
    await expect(form.getByText('Thank you for subscribing to our newsletter!')).toBeVisible();
    await expect(field).toHaveValue('');

    await field.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const message = form.getByText('This email is already registered for the newsletter.');
    await expect(message).toBeVisible();
    await expect(toast(page, 'This email is already registered for the newsletter.')).toBeVisible();
    await expect(message).toHaveCSS('color', 'rgb(180, 35, 24)');
    await expect(field).toHaveValue('');
    await checkA11y(page);
  });
});

test.describe('contact form', () => {
  test('shows errors once touched, sends the enquiry and clears the form', { tag: '@journey' }, async ({ page, checkA11y }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByText('Monday to Saturday, 10 AM to 8 PM')).toBeVisible();
    await expect(main.locator('iframe[title^="Map showing our office"]')).toHaveCount(1);
    const form = main.getByRole('form', { name: 'Send Us a Message' });
    await expect(form.getByText('Name is Required')).toHaveCount(0);

    await form.getByLabel('Name').focus();
    await page.keyboard.press('Tab');
    await expect(form.getByText('Name is Required')).toBeVisible();
    await form.getByLabel('Email').fill('peter@');
    await page.keyboard.press('Tab');
    await expect(form.getByText('Email should be valid.')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(form.getByText('Mobile Number is Required.')).toBeVisible();
    await checkA11y(page);

    await fillByLabel(form, {
      Name: 'Peter Mwangi',
      Email: 'peter.mwangi@example.co.ke',
      'Mobile Number': '722000111',
      Comments: 'Do you offer HACCP training on site in Thika for 20 staff?',
    });
    expect(await postedBy(page, form.getByRole('button', { name: 'Submit' }), '/api/enquiry')).toEqual({
      name: 'Peter Mwangi',
      email: 'peter.mwangi@example.co.ke',
      mobile: '254722000111',
      comment: 'Do you offer HACCP training on site in Thika for 20 staff?',
    });
    await expect(toast(page, 'Contact Form Submitted Successfully')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Comments')).toHaveValue('');
  });
});

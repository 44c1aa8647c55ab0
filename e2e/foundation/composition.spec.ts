import { APPLICATION_PAGE, expect, test } from '../support/fixtures';

test.describe('composition of the shell and the three remotes', () => {
  test('each remote renders its page inside the one site frame', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Agri-Food Training & Consultancy Solutions' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#startup-spinner')).toHaveCount(0);

    await page.goto(APPLICATION_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: /log in/i })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
  });

  test('a page loads only the remote that owns its route; another remote loads when a route first needs it', async ({ page, site }) => {
    // Each remote by its entry script, which config.json names: no manifest is asked for on the way.
    const entries = new Set<string>();
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/remoteEntry.js')) entries.add(new URL(request.url()).origin);
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
    });
    await page.goto(APPLICATION_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: /log in/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...entries]).toEqual([site.remoteOrigin('account')]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /courses/i })).toBeVisible();
    expect([...entries]).toEqual([site.remoteOrigin('account'), site.remoteOrigin('catalog')]);
    expect(manifests).toEqual([]);
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toBeVisible();
  });

  test('React and React DOM are loaded once for all apps', async ({ page }) => {
    // React DOM announces each copy of itself to the devtools hook.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          renderers,
          supportsFiber: true,
          inject(renderer: unknown) {
            renderers.set(renderers.size + 1, renderer);
            return renderers.size;
          },
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(APPLICATION_PAGE);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const rendererCount = await page.evaluate(
      () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
    expect(rendererCount).toBe(1);
    const reactProviders = await page.evaluate(() => {
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      const loaded = new Set<string>();
      for (const scopes of Object.values(share)) {
        for (const [version, entry] of Object.entries(scopes.default?.react ?? {})) {
          if (entry.loaded) loaded.add(`${entry.from}@${version}`);
        }
      }
      return [...loaded];
    });
    expect(reactProviders).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

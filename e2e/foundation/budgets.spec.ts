import { FIRST_LOAD_BUDGET_KB, measureFirstLoadJs } from '../../tooling/first-load.mjs';
import { expect, test } from '../support/fixtures';

test(`first-load JavaScript of the home page stays within ${FIRST_LOAD_BUDGET_KB} KB gzip`, async ({ page }, testInfo) => {
  const { files, totalKb } = await measureFirstLoadJs(page, '/');
  testInfo.annotations.push({ type: 'first-load JS', description: `${totalKb.toFixed(1)} KB gzip, ${files.length} files` });
  console.log(`First-load JS of /: ${totalKb.toFixed(1)} KB gzip in ${files.length} files`);
  expect(totalKb).toBeLessThan(FIRST_LOAD_BUDGET_KB);
});

// Cumulative layout shift as a page mounts into the frame, on a phone-sized screen. Before, the footer sat
// under a short loading placeholder and jumped when the page arrived: 0.46 on most routes.
const CLS_BUDGET = 0.1;
for (const path of ['/', '/courses', '/events', '/blogs', '/about', '/login']) {
  test(`${path} mounts without shifting the layout (CLS under ${CLS_BUDGET})`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The page's own data (lists, images) arrives after its heading: wait until nothing is loading.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
    expect(cls).toBeLessThan(CLS_BUDGET);
  });
}

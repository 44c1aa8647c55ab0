import { FIRST_LOAD_BUDGET_KB, measureFirstLoadJs } from '../../tooling/first-load.mjs';
import { expect, test } from '../support/fixtures';

test(`first-load JavaScript of the home page stays within ${FIRST_LOAD_BUDGET_KB} KB gzip`, async ({ page }, testInfo) => {
  const { files, totalKb } = await measureFirstLoadJs(page, '/');
  testInfo.annotations.push({ type: 'first-load JS', description: `${totalKb.toFixed(1)} KB gzip, ${files.length} files` });
  console.log(`First-load JS of /: ${totalKb.toFixed(1)} KB gzip in ${files.length} files`);
  expect(totalKb).toBeLessThan(FIRST_LOAD_BUDGET_KB);
});

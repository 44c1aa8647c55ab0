// @ts-check
// `npm run test:e2e:journeys [-- --base-url <url>] [--preview <app>@<version>[,…]] [playwright options]`
// The cross-remote journeys (browse, book, call request, register, log in, address, cart, order, cancel):
// against the harness's own site by default, or against any running site whose API runs in test mode
// (docs/testing.md, "Testing a composition"), optionally with releases previewed on top of its channel.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rootDir } from '../machine/pnpm.mjs';

const { values, tokens } = parseArgs({
  options: { 'base-url': { type: 'string' }, preview: { type: 'string' } },
  strict: false,
  tokens: true,
});
// Everything else goes to Playwright (--headed, --workers=1, a file filter…).
const passOn = tokens
  .filter((token) => !(token.kind === 'option' && ['base-url', 'preview'].includes(token.name)))
  .flatMap((token) => {
    if (token.kind === 'positional') return [token.value];
    if (token.kind === 'option') return [token.inlineValue ? `${token.rawName}=${token.value}` : token.rawName];
    return ['--'];
  });
const env = { ...process.env };
if (typeof values['base-url'] === 'string') env.E2E_BASE_URL = values['base-url'];
if (typeof values.preview === 'string') {
  if (!values['base-url']) throw new Error('--preview needs --base-url: a preview overlays a running channel.');
  env.E2E_PREVIEW = values.preview;
}
const result = spawnSync(join(rootDir, 'node_modules/.bin/playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--grep', '@journey', ...passOn], {
  cwd: rootDir,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);

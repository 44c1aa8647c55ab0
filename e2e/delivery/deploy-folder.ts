// A throw-away deploy folder for the delivery suites, worked with as a team would: the release, promote,
// rollback and releases commands, and builds copied from the ones under test, changed on purpose.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { rootDir } from '../../tooling/machine/pnpm.mjs';
import { reportsReadToken } from '../support/site-ports.mjs';

/**
 * What a page load of a channel gets in the delivery suites. The two run beside each other, and one of them is
 * often prerendering a channel with a Chromium of its own: a cold load of /courses then took 16 s to show its
 * heading on a two-core machine (10 s is Playwright's default here), and a test of five loads ran past 45 s.
 */
export const CHANNEL_LOAD_MS = 30_000;
export const CHANNEL_TEST_MS = 120_000;

export class DeployFolder {
  readonly dir = mkdtempSync(join(tmpdir(), 'agri-deploy-e2e-'));
  readonly scratch = mkdtempSync(join(tmpdir(), 'agri-builds-e2e-'));

  constructor(private readonly channel: string) {
    // The tooling this process calls itself (serveChannel, the canary watcher) reads the same folder, and signs the
    // channel's report grant with the test API's token, as npm start's tools sign with theirs.
    process.env.DEPLOY_DIR = this.dir;
    process.env.REPORTS_READ_TOKEN = reportsReadToken;
  }

  /** Runs a delivery command as a team would (npm run release/promote/rollback/releases). */
  run(...args: string[]) {
    const file = join(rootDir, 'tooling/delivery/cli.mjs');
    const result = spawnSync(process.execPath, [file, ...args], { cwd: rootDir, env: { ...process.env, DEPLOY_DIR: this.dir }, encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  }

  release(app: string, dist?: string): string {
    const { ok, output } = this.run('release', app, ...(dist ? ['--dist', dist] : []));
    expect(ok, output).toBe(true);
    return /Released [a-z_]+@(\S+) \(/.exec(output)![1]!;
  }

  /** A promotion to the suite's channel; its pages are prerendered only where a test says (it takes a while). */
  promote(app: string, version: string, ...flags: string[]) {
    return this.run('promote', `${app}@${version}`, '--to', this.channel, '--no-prerender', ...flags);
  }

  /** A copy of a production build (an app's, by default), changed by `edit`: a visible change, or one that breaks a rule. */
  changedBuild(app: string, edit: (dir: string) => void, from = join(rootDir, 'apps', app, 'dist')): string {
    const dir = join(this.scratch, `${app}-${Math.random().toString(36).slice(2)}`);
    cpSync(from, dir, { recursive: true });
    edit(dir);
    return dir;
  }

  /** A copy of the catalog's build whose courses heading says `replacement` (a JavaScript expression). */
  catalogWithHeading(replacement: string): string {
    return this.changedBuild('catalog', (dir) => {
      for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
        const text = readFileSync(join(dir, name), 'utf8');
        if (text.includes('children:"Our Courses"')) writeFileSync(join(dir, name), text.replace('children:"Our Courses"', `children:${replacement}`));
      }
    });
  }

  remove(): void {
    delete process.env.DEPLOY_DIR;
    delete process.env.REPORTS_READ_TOKEN;
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.scratch, { recursive: true, force: true });
  }
}

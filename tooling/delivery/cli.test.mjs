// @ts-check
// The delivery commands as an operator runs them (`npm run promote -- …` is `node tooling/delivery/cli.mjs
// promote …`): each test runs the CLI as a process on a throw-away deploy folder of its own, with fake
// releases (fake-releases.mjs), so the tests run side by side and nothing is built.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fakeBuild, fakeShellRelease } from './fake-releases.mjs';
import { holdCanary, promote, promoteCanary } from './channels.mjs';
import { release } from './release.mjs';
import { channelDir } from './store.mjs';

/** The commands an operator can run; a new one joins this list. */
const COMMANDS = ['release', 'promote', 'rollback', 'releases', 'prerender', 'canary'];

/** @type {string[]} */
const folders = [];
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throw-away deploy folder: `run` runs a delivery command on it; `setUp` makes fake releases in it. */
function deployFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'agri-deploy-cli-'));
  folders.push(dir);
  /**
   * @param {...string} args
   * @returns {Promise<{ status: number | null, stdout: string, stderr: string }>} (status: null when a signal ended it)
   */
  const run = (...args) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(import.meta.dirname, 'cli.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: dir } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });
  // The release tooling reads DEPLOY_DIR when called; `work` is synchronous, so no other test's runs meanwhile.
  /**
   * @template T
   * @param {() => T} work
   * @returns {T}
   */
  const setUp = (work) => {
    const outer = process.env.DEPLOY_DIR;
    process.env.DEPLOY_DIR = dir;
    try {
      return work();
    } finally {
      if (outer === undefined) delete process.env.DEPLOY_DIR;
      else process.env.DEPLOY_DIR = outer;
    }
  };
  return { dir, run, setUp };
}

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The lines of a listing from the line `heading` to the next blank line.
 *
 * @param {string} output
 * @param {string} heading
 */
const section = (output, heading) => {
  const lines = output.split('\n');
  const start = lines.indexOf(heading);
  assert.notEqual(start, -1, `"${heading}" in:\n${output}`);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end === -1 ? undefined : end);
};

describe('the delivery commands', { concurrency: true }, () => {
  it('given the wrong arguments, exit 1 with the command’s usage line', async () => {
    const { run } = deployFolder();
    const mistakes = [
      ['release'],
      ['release', 'catalog', 'another'],
      ['promote'],
      ['promote', 'catalog', '--to', 'staging'],
      ['promote', 'catalog@20261120.100000-abc1234'],
      ['rollback', 'catalog'],
      ['rollback', '--on', 'staging'],
      ['prerender'],
    ];
    const results = await Promise.all(mistakes.map((args) => run(...args)));
    for (const [index, { status, stdout, stderr }] of results.entries()) {
      const args = mistakes[index];
      assert.equal(status, 1, args.join(' '));
      assert.match(stderr, new RegExp(`^${args[0]}: usage: npm run ${args[0]} -- `), args.join(' '));
      assert.equal(stdout, '', args.join(' '));
    }
  });

  it('given an unknown command, exit 1 naming the known ones', async () => {
    const { status, stderr } = await deployFolder().run('deploy', 'catalog');
    assert.equal(status, 1);
    const [, known] = stderr.match(/^deploy: unknown command "deploy"; one of: (.+)$/m) ?? [];
    assert.ok(known, stderr);
    for (const command of COMMANDS) assert.ok(known.split(', ').includes(command), `${command} in ${known}`);
  });

  it('releases, on a deploy folder with none, says how to make one', async () => {
    const { status, stdout } = await deployFolder().run('releases');
    assert.equal(status, 0);
    assert.equal(stdout.trim(), 'No releases yet. Make one with: npm run release -- <app>');
  });

  it('release stores a build made before and says how to make it live; a folder that is no build is refused', async () => {
    const { dir, run, setUp } = deployFolder();
    const build = setUp(() => fakeBuild('catalog', { routes: ['/courses'] }));
    const made = await run('release', 'catalog', '--dist', build);
    assert.equal(made.status, 0, made.stderr);
    const [, version] = made.stdout.match(/^Released catalog@(\S+) \(commit /m) ?? [];
    assert.ok(version, made.stdout);
    assert.match(made.stdout, new RegExp(`^Make it live with: npm run promote -- catalog@${escape(version)} --to staging$`, 'm'));
    assert.equal(JSON.parse(readFileSync(join(dir, 'releases/catalog', version, 'release.json'), 'utf8')).version, version);

    const notBuild = await run('release', 'catalog', '--dist', dir);
    assert.equal(notBuild.status, 1);
    assert.equal(notBuild.stderr.trim(), `release: ${dir} is not a production build (no mf-manifest.json and app.json).`);
  });

  it('promote and rollback say what went live; releases marks what is live where, and each channel’s history, newest first', async () => {
    const { run, setUp } = deployFolder();
    const [v1, v2] = setUp(() =>
      ['2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z'].map(
        (at) => release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }), now: new Date(at) }).version,
      ),
    );
    /**
     * Runs the commands side by side (each changes a channel of its own), each saying what went live.
     *
     * @param {...[args: string[], said: string]} commands
     */
    const step = (...commands) =>
      Promise.all(
        commands.map(async ([args, said]) => {
          const { status, stdout, stderr } = await run(...args, '--no-prerender');
          assert.equal(status, 0, stderr);
          assert.equal(stdout.split('\n')[0], said);
          assert.doesNotMatch(stdout, /Prerendering/, '--no-prerender makes no pages');
        }),
      );
    await step([['promote', `catalog@${v1}`, '--to', 'staging'], `catalog@${v1} is live on staging. Visitors get it on their next page load.`]);
    await step(
      [['promote', `catalog@${v2}`, '--to', 'staging'], `catalog@${v2} is live on staging (was ${v1}). Visitors get it on their next page load.`],
      [['promote', `catalog@${v1}`, '--to', 'production'], `catalog@${v1} is live on production. Visitors get it on their next page load.`],
    );
    await step([['rollback', 'catalog', '--on', 'staging'], `catalog on staging is back on ${v1} (was ${v2}).`]);

    const { status, stdout } = await run('releases');
    assert.equal(status, 0);
    const releases = section(stdout, 'catalog');
    assert.equal(releases.length, 2);
    assert.match(releases[0], new RegExp(`^  ${escape(v2)} +2026-11-21T10:00:00.000Z `), 'the newest first');
    assert.doesNotMatch(releases[0], /live on/);
    assert.match(releases[1], new RegExp(`^  ${escape(v1)} .*  ← live on production, staging$`));

    // production first: it is what visitors see.
    assert.ok(stdout.indexOf('\nchannel production\n') < stdout.indexOf('\nchannel staging\n'), stdout);
    const staging = section(stdout, 'channel staging');
    assert.match(staging[0], new RegExp(`^  catalog +${escape(v1)}$`));
    // The history's lines, found by what they say (other lines may come between them).
    /** @type {(lines: string[], pattern: string) => number} */
    const lineOf = (lines, pattern) => lines.findIndex((line) => new RegExp(pattern).test(line));
    const changes = [
      `rollback +catalog@${escape(v1)} +\\(was ${escape(v2)}`,
      `promote +catalog@${escape(v2)} +\\(was ${escape(v1)}`,
      `promote +catalog@${escape(v1)}(?! +\\(was)`,
    ].map((pattern) => lineOf(staging, pattern));
    assert.ok(
      changes.every((index, n) => index > 0 && (n === 0 || index > changes[n - 1])),
      `newest first:\n${staging.join('\n')}`,
    );
    const production = section(stdout, 'channel production');
    assert.ok(lineOf(production, `promote +catalog@${escape(v1)}`) > 0, production.join('\n'));
    assert.equal(lineOf(production, `catalog@${escape(v2)}`), -1, 'each channel its own history');
  });

  it('a promotion the gate refuses exits 1 with the gate’s message and changes nothing; --force passes only what it may', async () => {
    const { run, setUp } = deployFolder();
    const { courses, react20, news } = setUp(() => {
      fakeShellRelease('shell-1');
      return {
        courses: release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version,
        react20: release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'], react: '^20.0.0' }) }).version,
        news: release('notices', { dist: fakeBuild('notices', { routes: ['/courses/news'] }) }).version,
      };
    });
    for (const app of ['shell@shell-1', `catalog@${courses}`]) assert.equal((await run('promote', app, '--to', 'gated', '--no-prerender')).status, 0);
    const config = () => readFileSync(join(channelDir('gated'), 'config.json'), 'utf8');
    const before = setUp(config);

    const [refused, refusedForced, unforced] = await Promise.all([
      run('promote', `catalog@${react20}`, '--to', 'gated', '--no-prerender'),
      run('promote', `catalog@${react20}`, '--to', 'gated', '--no-prerender', '--force'),
      run('promote', `notices@${news}`, '--to', 'gated', '--no-prerender'),
    ]);
    for (const { status, stdout, stderr } of [refused, refusedForced]) {
      assert.equal(status, 1);
      assert.equal(
        stderr.trim(),
        `promote: Refused by the compatibility gate:\n  - catalog@${react20} needs react ^20.0.0, but shell@shell-1 provides react 19.3.1 on gated. (--force cannot override this)`,
      );
      assert.equal(stdout, '');
    }
    assert.equal(setUp(config), before, 'the channel is as it was');

    const clash = `notices@${news} claims the route prefix /courses/news, but /courses belongs to catalog@${courses} on gated.`;
    assert.equal(unforced.status, 1);
    assert.equal(unforced.stderr.trim(), `promote: Refused by the compatibility gate:\n  - ${clash} (--force accepts this)`);
    const forced = await run('promote', `notices@${news}`, '--to', 'gated', '--no-prerender', '--force');
    assert.equal(forced.status, 0);
    assert.equal(forced.stderr.trim(), `forced past: ${clash}`);
    assert.match(forced.stdout, new RegExp(`^notices@${escape(news)} is live on gated\\.`));
    const gated = section((await run('releases')).stdout, 'channel gated');
    assert.match(gated.find((line) => new RegExp(`promote +notices@${escape(news)}`).test(line)) ?? '', /FORCED/, gated.join('\n'));
  });

  it('a promotion goes live even when its pages cannot be made; prerender then exits 1 and says why', async () => {
    const { run, setUp } = deployFolder();
    const version = setUp(() => release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version);
    const cannot = [
      'The pages of bare were not made again (channel bare has no live shell yet.); its pages are rendered in the browser',
      'until they are: npm run prerender -- --on bare',
    ].join('\n');

    const promoted = await run('promote', `catalog@${version}`, '--to', 'bare');
    assert.equal(promoted.status, 0);
    assert.deepEqual(promoted.stdout.trim().split('\n'), [
      `catalog@${version} is live on bare. Visitors get it on their next page load.`,
      'Prerendering the public pages of bare ...',
    ]);
    assert.equal(promoted.stderr.trim(), cannot);

    const prerendered = await run('prerender', '--on', 'bare');
    assert.equal(prerendered.status, 1);
    assert.equal(prerendered.stdout.trim(), 'Prerendering the public pages of bare ...');
    assert.equal(prerendered.stderr.trim(), cannot);
  });

  it('canary lists each canary and why the watcher held it; a held canary steps on only with --force (issue 39)', async () => {
    const { run, setUp } = deployFolder();
    assert.equal((await run('canary')).stdout.trim(), 'No canary on any channel.');
    const [stable, next] = setUp(() => {
      const versions = [1, 2].map(() => release('catalog', { dist: fakeBuild('catalog', { routes: ['/courses'] }) }).version);
      promote('catalog', versions[0], 'production');
      promoteCanary('catalog', versions[1], 'production', 10);
      holdCanary('catalog', 'production', { version: versions[1], reason: 'error rate 13.3 % against 1.0 %, but from 3 sources only', who: 'canary watcher' });
      return versions;
    });
    const status = await run('canary', 'status', '--on', 'production');
    assert.equal(status.status, 0, status.stderr);
    const lines = status.stdout.trim().split('\n');
    assert.match(lines[0], new RegExp(`^production  catalog@${escape(next)}  10 % of visitors since \\S+  \\(live: ${escape(stable)}\\)$`));
    assert.match(lines[1], /^ {2}HELD by the canary watcher at \S+: error rate 13\.3 % against 1\.0 %, but from 3 sources only$/);

    const stepped = await run('promote', `catalog@${next}`, '--to', 'production', '--canary', '50');
    assert.equal(stepped.status, 1);
    assert.match(stepped.stderr, /is held by the canary watcher/);
    const forced = await run('promote', `catalog@${next}`, '--to', 'production', '--canary', '50', '--force');
    assert.equal(forced.status, 0, forced.stderr);
  });
});

// @ts-check
// Installing Debian packages: one line on the terminal, apt's output in its log, and the log's end when apt fails.
// apt never runs here: each test hands aptInstall a fake apt-get.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { aptInstall } from './apt.mjs';

/**
 * A machine where this process is `uid`, with what the terminal is told collected and a throw-away log file.
 *
 * @param {import('node:test').TestContext} t
 * @param {number} [uid]
 */
function machine(t, uid = 0) {
  // getuid is optional in Node's types (Windows has none).
  t.mock.method(/** @type {{ getuid: () => number }} */ (process), 'getuid', () => uid);
  const printed = t.mock.method(console, 'log', () => {});
  const dir = mkdtempSync(join(tmpdir(), 'apt-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return { logFile: join(dir, 'apt.log'), printed: () => printed.mock.calls.map((call) => call.arguments.join(' ')) };
}

/**
 * An apt-get that writes its several hundred lines to the log, and fails on the command `failing`.
 *
 * @param {string | null} [failing]
 */
function fakeAptGet(failing = null) {
  /** @type {string[]} */
  const commands = [];
  /** @type {(args: string[], log: number) => void} */
  const run = (args, log) => {
    commands.push(args.join(' '));
    for (let line = 1; line <= 300; line += 1) writeSync(log, `${args[0]}: line ${line}\n`);
    if (args[0] === failing) {
      writeSync(log, 'E: Unable to locate package chromium-headless-shell\n');
      throw new Error(`Command failed: apt-get ${args.join(' ')}`);
    }
  };
  return { run, commands };
}

describe('installing Debian packages', () => {
  it('says in one line what it installs, for what, and where apt writes its several hundred lines', (t) => {
    const { logFile, printed } = machine(t);
    const apt = fakeAptGet();
    aptInstall(['chromium', 'chromium-headless-shell'], 'the prerenderer', { run: apt.run, logFile });

    assert.deepEqual(apt.commands, ['update -qq', 'install -y -qq chromium chromium-headless-shell']);
    assert.deepEqual(printed(), [
      `Installing Debian's chromium and chromium-headless-shell for the prerenderer (about a minute; apt's output: ${logFile}) ...`,
    ]);
    assert.equal(readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length, 600);
  });

  it("when apt fails, shows the end of this install's output and where all of it is", (t) => {
    const { logFile, printed } = machine(t);
    writeFileSync(logFile, 'an earlier install\n');
    const apt = fakeAptGet('install');

    assert.throws(
      () => aptInstall(['chromium-headless-shell'], 'the prerenderer', { run: apt.run, logFile }),
      (/** @type {Error} */ error) => {
        const [headline, ...tail] = error.message.split('\n');
        assert.equal(headline, `apt could not install chromium-headless-shell; the end of its output (all of it in ${logFile}):`);
        assert.equal(tail.length, 20);
        assert.deepEqual(tail.slice(-2), ['install: line 300', 'E: Unable to locate package chromium-headless-shell']);
        return true;
      },
    );
    assert.equal(printed().length, 1, "apt's output stays in the log");
    assert.match(readFileSync(logFile, 'utf8'), /^an earlier install\nupdate: line 1\n/);
  });

  it('when apt fails before writing a line, says why (not what an earlier install wrote)', (t) => {
    const { logFile } = machine(t);
    writeFileSync(logFile, 'an earlier install\n');
    const missing = () => {
      throw new Error('spawnSync apt-get ENOENT');
    };
    assert.throws(() => aptInstall(['postgresql'], 'the PostgreSQL tests', { run: missing, logFile }), /all of it in .*\):\nspawnSync apt-get ENOENT$/);
  });

  it('as anyone but root, says how to install them and runs nothing', (t) => {
    const { logFile, printed } = machine(t, 1000);
    const apt = fakeAptGet();
    assert.throws(
      () => aptInstall(['postgresql'], 'the PostgreSQL tests', { run: apt.run, logFile }),
      /Debian's postgresql\. Install with: sudo apt-get update && sudo apt-get install -y postgresql$/,
    );
    assert.deepEqual(apt.commands, []);
    assert.deepEqual(printed(), []);
  });
});

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startApiProcess, type ApiProcess } from '../test-support';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;
let api: ApiProcess;

/** `npm run staff -- …` as an operator types it, with the environment the API was given. */
function staffCommand(args: string[], env: Record<string, string>): Promise<{ status: number; output: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/staff/staff-cli.ts', ...args],
      { cwd: apiDir, env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'agri-staff-cli-'));
  // PGlite on a data directory, as `npm start` runs it.
  api = await startApiProcess({ NODE_ENV: 'test', TEST_MAIL_OUTBOX: 'on', DATA_DIR: dataDir, JWT_SECRET_FILE: join(dataDir, 'jwt-secret') });
});
after(async () => {
  api.child.kill('SIGTERM');
  await api.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run staff -- add <email> --role admin', () => {
  it('asks the running API, which mails the invitation link', async () => {
    const added = await staffCommand(['add', 'Founder@Mavuno.test', '--role', 'admin'], { STAFF_API_URL: api.url, DATA_DIR: dataDir });
    assert.equal(added.status, 0, added.output);
    assert.match(added.output, /Invitation mailed to Founder@Mavuno\.test \(admin\)/);
    const outbox = (await (await fetch(`${api.url}/api/test/outbox?email=founder@mavuno.test`)).json()) as { messages: { text: string }[] };
    assert.match(outbox.messages[0]!.text, /\/staff\/invitation\/[\w-]{40,}/);
    assert.match(outbox.messages[0]!.text, /as an admin/);
  });

  it('refuses a bad role or address, and a request signed with another secret', async () => {
    assert.match(
      (await staffCommand(['add', 'someone@mavuno.test', '--role', 'owner'], { STAFF_API_URL: api.url, DATA_DIR: dataDir })).output,
      /roles: staff, admin/,
    );
    assert.match((await staffCommand(['add', 'not-an-email'], { STAFF_API_URL: api.url, DATA_DIR: dataDir })).output, /Email should be valid/);
    const forged = await staffCommand(['add', 'intruder@mavuno.test', '--role', 'admin'], { STAFF_API_URL: api.url, JWT_SECRET: 'x'.repeat(48) });
    assert.equal(forged.status, 1);
    assert.match(forged.output, /The API refused: This request is not signed with the server secret/);
  });

  it('says to start the API when none runs, and never opens the database itself', async () => {
    api.child.kill('SIGTERM');
    await api.exited;
    const files = readdirSync(dataDir).sort();
    const alone = await staffCommand(['add', 'second@mavuno.test', '--role', 'staff'], { STAFF_API_URL: api.url, DATA_DIR: dataDir });
    assert.equal(alone.status, 1);
    assert.match(alone.output, /No API answers at .*Start it first \(npm start\)/s);
    assert.deepEqual(readdirSync(dataDir).sort(), files);
    const fresh = await staffCommand(['add', 'second@mavuno.test'], { STAFF_API_URL: api.url, DATA_DIR: join(dataDir, 'never-ran') });
    assert.match(fresh.output, /the API has not run here yet/);
  });
});

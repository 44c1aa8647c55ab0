// @ts-check
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { ensureReportsTokenFile, findReportsToken, reportGrant } from './report-grant.mjs';

describe('report grants', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('signs the channel and what it serves as the API reads it (the same example is checked in apps/api/src/reports.test.ts)', () => {
    assert.equal(
      reportGrant('production', { shell: ['s1'], catalog: ['stable', 'next'] }, 'example-token'),
      'eyJjaGFubmVsIjoicHJvZHVjdGlvbiIsInJlbGVhc2VzIjp7InNoZWxsIjpbInMxIl0sImNhdGFsb2ciOlsic3RhYmxlIiwibmV4dCJdfX0.YJ_By_9o5lQzb4ujDIqX2eXHx2eh95uqIWS3FFnffQs',
    );
  });

  it('finds the token in REPORTS_READ_TOKEN, else in npm start’s file, which it makes when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agri-grant-'));
    try {
      delete process.env.REPORTS_READ_TOKEN;
      process.env.REPORTS_READ_TOKEN_FILE = join(dir, 'data', 'reports-read-token');
      assert.equal(findReportsToken(), null);
      ensureReportsTokenFile();
      const token = findReportsToken();
      assert.match(/** @type {string} */ (token), /^[A-Za-z0-9_-]{64}$/);
      assert.equal(statSync(process.env.REPORTS_READ_TOKEN_FILE).mode & 0o777, 0o600);
      ensureReportsTokenFile();
      assert.equal(readFileSync(process.env.REPORTS_READ_TOKEN_FILE, 'utf8'), token, 'kept, not made again');
      process.env.REPORTS_READ_TOKEN = 'from-the-environment';
      assert.equal(findReportsToken(), 'from-the-environment');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

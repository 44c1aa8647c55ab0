// Where the API finds its M-Pesa settings (docs/payments.md, Settings): the environment, or mpesa.json in its data
// directory (the environment wins, setting by setting); all five or none.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readConfig } from '../config';
import { MPESA_SETTINGS_FILE, SAFARICOM_CALLBACK_SOURCES } from './mpesa-config';

const dataDir = mkdtempSync(join(tmpdir(), 'agri-mpesa-settings-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const settings = {
  MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke/',
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_SHORT_CODE: '174379',
  MPESA_PASSKEY: 'passkey',
};
const env = (extra: Record<string, string> = {}) => ({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: dataDir, PUBLIC_URL: 'https://api.example.co.ke', ...extra });
const withFile = (content: string | null) =>
  content === null ? rmSync(join(dataDir, MPESA_SETTINGS_FILE), { force: true }) : writeFileSync(join(dataDir, MPESA_SETTINGS_FILE), content);

describe('M-Pesa settings', () => {
  it('takes none: no payments', () => {
    withFile(null);
    assert.equal(readConfig(env()).mpesa, null);
  });

  it('takes all five from the environment', () => {
    withFile(null);
    const { mpesa } = readConfig(env(settings));
    assert.deepEqual(
      { baseUrl: mpesa?.baseUrl, shortCode: mpesa?.shortCode, callbackBaseUrl: mpesa?.callbackBaseUrl },
      { baseUrl: 'https://sandbox.safaricom.co.ke', shortCode: '174379', callbackBaseUrl: 'https://api.example.co.ke' },
    );
  });

  it('takes them from the data directory’s mpesa.json, the environment winning setting by setting', () => {
    withFile(JSON.stringify({ ...settings, MPESA_QUERY_AFTER_SECONDS: '30' }));
    const fromFile = readConfig(env()).mpesa;
    assert.deepEqual({ key: fromFile?.consumerKey, queryAfter: fromFile?.queryAfterSeconds }, { key: 'key', queryAfter: 30 });
    assert.equal(readConfig(env({ MPESA_CONSUMER_KEY: 'from-the-environment' })).mpesa?.consumerKey, 'from-the-environment');
  });

  it('stops the API at start on a partial set or a file it cannot read, saying what is wrong', () => {
    withFile(null);
    assert.throws(() => readConfig(env({ MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke' })), /missing: MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET/);
    withFile('{ not json');
    assert.throws(() => readConfig(env()), /mpesa\.json is not JSON/);
    withFile(JSON.stringify({ ...settings, JWT_SECRET: 'sneaked in' }));
    assert.throws(() => readConfig(env()), /MPESA_\* settings as strings only; not: JWT_SECRET/);
    withFile(JSON.stringify({ ...settings, MPESA_SHORT_CODE: 174379 }));
    assert.throws(() => readConfig(env()), /not: MPESA_SHORT_CODE/);
  });

  it('takes callbacks from the addresses it is told; against real money in production it must be told', () => {
    withFile(null);
    const live = { ...settings, MPESA_BASE_URL: 'https://api.safaricom.co.ke', NODE_ENV: 'production', MAIL_TO_TERMINAL: 'on' };
    assert.throws(() => readConfig(env(live)), /Set MPESA_CALLBACK_SOURCES=safaricom/);
    assert.deepEqual(readConfig(env({ ...live, MPESA_CALLBACK_SOURCES: 'safaricom' })).mpesa?.callbackSources, SAFARICOM_CALLBACK_SOURCES);
    assert.deepEqual(readConfig(env({ ...live, MPESA_CALLBACK_SOURCES: 'safaricom, 192.0.2.1' })).mpesa?.callbackSources, [
      ...SAFARICOM_CALLBACK_SOURCES,
      '192.0.2.1',
    ]);
    assert.deepEqual(readConfig(env({ ...live, MPESA_CALLBACK_SOURCES: 'any' })).mpesa?.callbackSources, []);
    // The sandbox and the simulator move no money: any address, unless told.
    assert.deepEqual(readConfig(env({ ...settings, NODE_ENV: 'production', MAIL_TO_TERMINAL: 'on' })).mpesa?.callbackSources, []);
    assert.equal(SAFARICOM_CALLBACK_SOURCES.length, 12);
  });
});

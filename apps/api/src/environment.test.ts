import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readConfig } from './config';
import { readEnvironment } from './environment';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-tokens';

describe('the environment', () => {
  it('gives each setting its default when it is unset or empty', () => {
    const settings = readEnvironment({ PORT: '', RATE_LIMIT_LOGIN: '  ' });
    assert.equal(settings.PORT, 4000);
    assert.equal(settings.RATE_LIMIT_LOGIN, 20);
    assert.equal(settings.API_DIALECT, 'reference');
    assert.equal(settings.TEST_MAIL_OUTBOX, false);
    assert.equal(settings.PUBLIC_URL, null);
    assert.equal(settings.SITE_URL, 'http://localhost:3000');
  });

  it('reads what is set: whole numbers, fractions where they make sense, switches, choices, addresses', () => {
    const settings = readEnvironment({
      PORT: '0',
      STAFF_SESSION_HOURS: '0.5',
      MAIL_TO_TERMINAL: 'ON',
      TEST_MAIL_OUTBOX: 'off',
      API_DIALECT: 'hosted',
      SITE_URL: 'https://www.mavuno.example/',
    });
    assert.deepEqual(
      [settings.PORT, settings.STAFF_SESSION_HOURS, settings.MAIL_TO_TERMINAL, settings.TEST_MAIL_OUTBOX, settings.API_DIALECT, settings.SITE_URL],
      [0, 0.5, true, false, 'hosted', 'https://www.mavuno.example'],
    );
  });

  it('stops the server at a value that breaks its rule, naming every one (never the default in its place)', () => {
    assert.throws(() => readConfig({ JWT_SECRET: SECRET, PORT: 'abc' }), /^Error: Settings that cannot be used: PORT="abc" must be a whole number\.$/);
    assert.throws(
      () =>
        readEnvironment({ RATE_LIMIT_LOGIN: '-1', TOKEN_TTL_SECONDS: '0', TEST_MAIL_OUTBOX: 'of', SITE_URL: 'javascript:alert(1)', STAFF_IDLE_MINUTES: '1e3' }),
      (error: Error) => {
        for (const words of [
          'RATE_LIMIT_LOGIN="-1" must be a whole number',
          'TOKEN_TTL_SECONDS="0" must be a whole number of at least 1',
          'TEST_MAIL_OUTBOX="of" must be on or off',
          'SITE_URL="javascript:alert(1)" must be an http:// or https:// address',
          'STAFF_IDLE_MINUTES="1e3" must be a number above 0',
        ]) {
          assert.ok(error.message.includes(words), `${error.message} names ${words}`);
        }
        return true;
      },
    );
  });

  it('reads M-Pesa’s waits by the same rules, from mpesa.json as well', () => {
    const mpesa = {
      MPESA_BASE_URL: 'https://sandbox.example',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORT_CODE: '174379',
      MPESA_PASSKEY: 'p',
    };
    assert.equal(readConfig({ JWT_SECRET: SECRET, DATA_DIR: '/nonexistent', ...mpesa, MPESA_EXPIRY_SECONDS: '240' }).mpesa?.expirySeconds, 240);
    assert.throws(
      () => readConfig({ JWT_SECRET: SECRET, DATA_DIR: '/nonexistent', ...mpesa, MPESA_EXPIRY_SECONDS: 'soon' }),
      /MPESA_EXPIRY_SECONDS="soon" must be a whole number/,
    );
  });
});

// @ts-check
// The kit's Daraja simulator for a local run (`npm start`, `npm run dev`, the e2e harness): when neither the
// environment (MPESA_BASE_URL) nor the API's data directory (mpesa.json) names a Daraja, a simulator is started with
// credentials made for this run, and the API is given the settings that point at it. Payments then work with no
// Safaricom account; the phone number's last digit chooses the outcome (docs/payments.md). Otherwise nothing is
// started: the API talks to that Daraja.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { apiDataDir, spawnApi } from './api-process.mjs';

/** Safaricom's sandbox paybill, as the sandbox's examples use it. */
const SANDBOX_SHORT_CODE = '174379';

/** The API's settings file of M-Pesa in its data directory (apps/api/src/payments/mpesa-config.ts, MPESA_SETTINGS_FILE). */
const MPESA_SETTINGS_FILE = 'mpesa.json';

/**
 * Starts the simulator unless `env` or the API's data directory names a Daraja; resolves with the MPESA_* settings
 * to give the API (none when it has its own) and the child process to stop with the run (null when none was started).
 * @param {{ apiOrigin: string, answerAfterMs?: number, env?: NodeJS.ProcessEnv }} options
 */
export async function startDarajaSimulatorFor({ apiOrigin, answerAfterMs = 3000, env = process.env }) {
  const dataDir = apiDataDir(env);
  if (env.MPESA_BASE_URL || existsSync(join(dataDir, MPESA_SETTINGS_FILE))) return { settings: {}, child: null };
  const credentials = {
    MPESA_CONSUMER_KEY: randomBytes(18).toString('base64url'),
    MPESA_CONSUMER_SECRET: randomBytes(18).toString('base64url'),
    MPESA_SHORT_CODE: SANDBOX_SHORT_CODE,
    MPESA_PASSKEY: randomBytes(32).toString('hex'),
  };
  const child = spawnApi(
    { ...process.env, ...credentials, DARAJA_SIMULATOR_ANSWER_MS: String(answerAfterMs), PORT: '0' },
    { script: 'src/payments/simulator-main.ts', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const output = /** @type {import('node:stream').Readable} */ (child.stdout); // piped above
  /** @type {string} */
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Daraja simulator exited (${code}) before listening`)));
    createInterface({ input: output }).once('line', (line) => resolve(JSON.parse(line).url));
  });
  output.resume();
  // Safaricom posts to the API itself: 127.0.0.1, not localhost, which may name ::1 where the API does not listen.
  const callbackBase = apiOrigin.replace('//localhost', '//127.0.0.1');
  return { settings: { ...credentials, MPESA_BASE_URL: url, MPESA_CALLBACK_BASE_URL: callbackBase }, child };
}

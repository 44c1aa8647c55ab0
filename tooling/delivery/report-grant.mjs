// @ts-check
// The reports read token, and the grant a channel's config.json carries so that the API starts report
// sessions only for what the channel serves (issue 39). The API checks the grant with the same token
// (apps/api/src/routes/report-grant.ts): a grant is the channel and the releases of each app it serves, live
// and canary, signed; nobody without the token can make one for a channel or release that was never served.
import { randomBytes, createHmac } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiDataDir } from '../serve/api-process.mjs';

/** Where npm start keeps the API's reports read token (the API reads it: REPORTS_READ_TOKEN_FILE). */
export const reportsTokenFile = () => process.env.REPORTS_READ_TOKEN_FILE ?? join(apiDataDir(), 'reports-read-token');

/** The API's reports read token: REPORTS_READ_TOKEN, else the file npm start keeps; null when neither is there. */
export function findReportsToken() {
  if (process.env.REPORTS_READ_TOKEN) return process.env.REPORTS_READ_TOKEN;
  const file = reportsTokenFile();
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Makes npm start's token file when there is none yet (as the API would), so the first promotion signs its grant. */
export function ensureReportsTokenFile() {
  const file = reportsTokenFile();
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}

/**
 * `<payload>.<signature>`, both base64url: the payload is `{ channel, releases: { app: [versions] } }`, the
 * signature an HMAC-SHA256 of the payload's text keyed with 'report-grant:' and the token.
 *
 * @param {string} channel
 * @param {Record<string, string[]>} releases  each app's versions the channel serves
 * @param {string} token
 */
export function reportGrant(channel, releases, token) {
  const payload = Buffer.from(JSON.stringify({ channel, releases })).toString('base64url');
  return `${payload}.${createHmac('sha256', `report-grant:${token}`).update(payload).digest('base64url')}`;
}

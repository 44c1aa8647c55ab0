// What makes a report session the site's own (issue 39): it is started only for what a channel serves, as the
// delivery tools' grant in config.json says, and its id carries a mark of this API's secret, so a report
// naming an id nobody started is dropped on arrival, without a look at the database.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

type Releases = Record<string, string>;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether a grant (tooling/delivery/report-grant.mjs: `<payload>.<signature>`, the payload naming a channel and
 * each app's versions it serves, signed with the reports read token) covers a session of `channel` with
 * `releases`: signed with this token, for this channel, every release among those it names.
 */
export function grantCovers(grant: string | undefined, token: string, channel: string | undefined, releases: Releases): boolean {
  const [payload, signature, ...rest] = (grant ?? '').split('.');
  if (!payload || !signature || rest.length) return false;
  if (!sameText(signature, createHmac('sha256', `report-grant:${token}`).update(payload).digest('base64url'))) return false;
  let granted: { channel?: unknown; releases?: Record<string, unknown> };
  try {
    granted = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof granted;
  } catch {
    return false;
  }
  if (granted.channel !== channel || typeof granted.releases !== 'object' || granted.releases === null) return false;
  const served = granted.releases;
  return Object.entries(releases).every(([app, version]) => Object.hasOwn(served, app) && Array.isArray(served[app]) && served[app].includes(version));
}

/** 12 random hex digits and 8 of their mark: the 20 hex digits the contract's reportSessionSchema has. */
const mark = (random: string, secret: string) => createHmac('sha256', `report-session:${secret}`).update(random).digest('hex').slice(0, 8);

export const newSessionId = (secret: string): string => {
  const random = randomBytes(6).toString('hex');
  return `${random}${mark(random, secret)}`;
};

/** Whether this API (or another instance with its secret) started the session: 32 bits of mark to guess. */
export const isStartedSession = (id: unknown, secret: string): boolean =>
  typeof id === 'string' && /^[0-9a-f]{20}$/.test(id) && sameText(id.slice(12), mark(id.slice(0, 12), secret));

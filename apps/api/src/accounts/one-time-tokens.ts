import { createHash, randomBytes } from 'node:crypto';

/** Reset, email-change and registration tokens and OTP codes are stored only as hashes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A token for a mailed link (or a registration), and the hash that is stored in its place. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

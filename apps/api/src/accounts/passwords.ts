import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

/**
 * OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB a hash. About 0.8 s a hash
 * on the reference machine (docs/security.md): slow for guessing, bearable once per sign-in.
 */
export const OWASP_SCRYPT: PasswordCost = { log2N: 17, r: 8, p: 1 };

/** The cost of the hashes written before their cost was stored with them ('scrypt$<salt>$<key>'). */
const FIRST_COST: PasswordCost = { log2N: 15, r: 8, p: 1 };

const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, { log2N, r, p }: PasswordCost): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    // scrypt needs 128 · N · r bytes; maxmem leaves room above that.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** A stored hash's parts: 'scrypt$ln=17,r=8,p=1$<salt>$<key>' (base64url), or the first form without the cost. */
function readHash(stored: string): { cost: PasswordCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  const [costText, salt, key] = parts.length === 3 ? [null, parts[1], parts[2]] : parts.slice(1);
  if (!salt || !key) return null;
  if (costText === null) return { cost: FIRST_COST, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  const cost = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(costText ?? '');
  if (!cost) return null;
  const [log2N, r, p] = cost.slice(1).map(Number) as [number, number, number];
  return { cost: { log2N, r, p }, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

const weaker = (cost: PasswordCost, than: PasswordCost) => cost.log2N < than.log2N || cost.r < than.r || cost.p < than.p;

export interface Passwords {
  /** A new hash at today's cost, its cost stored with it. */
  hash(password: string): Promise<string>;
  /** Whether the password matches; `rehash` when the stored hash is of a weaker cost than today's (hash it anew). */
  verify(password: string, stored: string): Promise<{ valid: boolean; rehash: boolean }>;
  /** Checked against when the email is unknown, so that costs as much time as a wrong password; made at first use. */
  dummy(): Promise<string>;
}

/** Hashing at `cost` (config.passwordCost: OWASP's, lower only in tests). */
export function createPasswords(cost: PasswordCost): Passwords {
  let dummy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    return `scrypt$ln=${cost.log2N},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${(await derive(password, salt, cost)).toString('base64url')}`;
  };
  return {
    hash,
    async verify(password, stored) {
      const parsed = readHash(stored);
      if (!parsed) return { valid: false, rehash: false };
      const actual = await derive(password, parsed.salt, parsed.cost);
      const valid = actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
      return { valid, rehash: valid && weaker(parsed.cost, cost) };
    },
    dummy: () => (dummy ??= hash('not-a-real-password')),
  };
}

/**
 * At a sign-in whose password matched a hash of a weaker cost (verify's `rehash`), the hash made anew at today's cost,
 * so old hashes move up without a reset; unless the password was changed meanwhile.
 */
export async function upgradeHash(
  db: Queryable,
  passwords: Passwords,
  table: 'customers' | 'staff',
  row: { id: string; password_hash: string | null },
  password: string,
) {
  await db.query(`UPDATE ${table} SET password_hash = $3 WHERE id = $1 AND password_hash = $2`, [row.id, row.password_hash, await passwords.hash(password)]);
}

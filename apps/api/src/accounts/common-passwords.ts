import { COMMON_PASSWORD_MESSAGE } from '@agri/api-client/contract';
import { HttpError } from '../http-error';

/** How many are refused: the head of every guessing list. */
export const REFUSED_COUNT = 10_000;

/** The first REFUSED_COUNT passwords of a list, most common first, that the length rule lets through, lower-cased. */
export function commonPasswordsFrom(list: readonly string[]): string[] {
  const passwords = [...new Set(list.filter((password) => password.length >= 8).map((password) => password.toLowerCase()))];
  return passwords.slice(0, REFUSED_COUNT);
}

let refused: Promise<Set<string>> | null = null;

/**
 * Whether a new password is among the most common of @zxcvbn-ts/language-common's list (built from leaked-password
 * corpora, kept with zxcvbn-ts), in any letter case. The list is read at the first check.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  refused ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(commonPasswordsFrom(dictionary['passwords-common'])));
  return (await refused).has(password.normalize('NFKC').toLowerCase());
}

/** A 400 with the contract's words when a password being chosen (registration, reset, change) is a common one. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE);
}

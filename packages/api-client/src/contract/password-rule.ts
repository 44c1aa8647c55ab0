/** Said when a new password is among the most common ones (register, reset, change). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too easy to guess. Please choose another.';

let commonPasswords: Promise<Set<string>> | null = null;

/**
 * Whether the password is among the 10,000 most common of 8 characters or more (common-passwords.ts), in any
 * letter case. The list (about 27 KB compressed) is loaded with the first check, so no page carries it until
 * a visitor chooses a password; a failed load is tried again at the next check.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('./common-passwords').then(
    ({ COMMON_PASSWORDS }) => new Set(COMMON_PASSWORDS.split('\n')),
    (error: unknown) => {
      commonPasswords = null;
      throw error;
    },
  );
  return (await commonPasswords).has(password.normalize('NFKC').toLowerCase());
}

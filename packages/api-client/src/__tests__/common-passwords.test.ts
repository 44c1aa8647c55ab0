import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';
import languageCommon from '@zxcvbn-ts/language-common/package.json';
import { commonPasswordsFrom, moduleText, REFUSED_COUNT } from '../../scripts/common-passwords.mjs';
import { isCommonPassword } from '../contract/password-rule';

describe('the common passwords a new password may not be', () => {
  it('are the head of the package list, as written (run scripts/write-common-passwords.mjs after updating it)', () => {
    const written = readFileSync(join(__dirname, '..', 'contract', 'common-passwords.ts'), 'utf8');
    expect(written).toBe(moduleText(commonPasswordsFrom(dictionary['passwords-common']), languageCommon.version));
  });

  it('are 10,000 of 8 characters or more, lower-cased', () => {
    const passwords = commonPasswordsFrom(dictionary['passwords-common']);
    expect(passwords).toHaveLength(REFUSED_COUNT);
    expect(REFUSED_COUNT).toBe(10_000);
    expect(passwords.every((password: string) => password.length >= 8 && password === password.toLowerCase())).toBe(true);
  });

  it('are found in any letter case; other passwords are not', async () => {
    for (const password of ['12345678', 'password1', 'PassWord1', 'ILOVEYOU', 'qwertyuiop']) expect(await isCommonPassword(password)).toBe(true);
    for (const password of ['Shamba-2025-strong', 'Chai-and-mandazi-2027', 'short']) expect(await isCommonPassword(password)).toBe(false);
  });
});

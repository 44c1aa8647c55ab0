import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordsFrom, isCommonPassword, REFUSED_COUNT } from './accounts/common-passwords';

describe('the common passwords a new password may not be', () => {
  it('are the 10,000 most common of the list that the length rule lets through, lower-cased, without repeats', () => {
    const passwords = commonPasswordsFrom(dictionary['passwords-common']);
    assert.equal(REFUSED_COUNT, 10_000);
    assert.equal(passwords.length, REFUSED_COUNT);
    assert.equal(new Set(passwords).size, REFUSED_COUNT);
    assert.ok(passwords.every((password) => password.length >= 8 && password === password.toLowerCase()));
    assert.deepEqual(commonPasswordsFrom(['123456', 'Password', 'password', 'sunshine1']), ['password', 'sunshine1']);
  });

  it('are found in any letter case; other passwords are not', async () => {
    for (const password of ['12345678', 'password1', 'PassWord1', 'ILOVEYOU', 'qwertyuiop']) assert.equal(await isCommonPassword(password), true, password);
    for (const password of ['Shamba-2025-strong', 'Chai-and-mandazi-2027', 'short']) assert.equal(await isCommonPassword(password), false, password);
  });
});

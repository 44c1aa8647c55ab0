// Writes src/contract/common-passwords.ts from @zxcvbn-ts/language-common (see common-passwords.mjs).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordsFrom, moduleText } from './common-passwords.mjs';

const { version } = createRequire(import.meta.url)('@zxcvbn-ts/language-common/package.json');
const target = new URL('../src/contract/common-passwords.ts', import.meta.url);
writeFileSync(target, moduleText(commonPasswordsFrom(dictionary['passwords-common']), version));
console.log(`wrote ${target.pathname}`);

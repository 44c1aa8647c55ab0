// Types of common-passwords.mjs, for its test.
export declare const REFUSED_COUNT: number;
export declare function commonPasswordsFrom(list: string[]): string[];
export declare function moduleText(passwords: string[], version: string): string;

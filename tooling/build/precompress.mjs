// @ts-check
// The brotli and gzip forms of a text file, written beside it at the highest levels (once per build, release
// or prerendered page, not per request): the local server and the production example send them as they are.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import writeFileAtomic from 'write-file-atomic';

/** The files a server may send compressed. */
export const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * The suffixes and bodies of the compressed forms of `content`.
 *
 * @param {Buffer} content
 * @returns {[suffix: string, body: Buffer][]}
 */
export function compressedForms(content) {
  return [
    ['.br', brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
    ['.gz', gzipSync(content, { level: 9 })],
  ];
}

/**
 * The file and its compressed forms, each written whole (write-file-atomic), so a visitor never reads half a page.
 *
 * @param {string} file
 * @param {string | Buffer} content
 */
export function writeCompressed(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  const body = Buffer.from(content);
  writeFileAtomic.sync(file, body);
  for (const [suffix, data] of compressedForms(body)) writeFileAtomic.sync(`${file}${suffix}`, data);
}

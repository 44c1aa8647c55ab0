// @ts-check
// What the tooling takes from a build of the shell for its prerendered pages: the page and the island loader.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ISLAND_LOADER_FILE, shellPage } from './island-loader.mjs';

/** @type {(loader: string, check: (dir: string) => void) => void} */
const withBuild = (loader, check) => {
  const dir = mkdtempSync(join(tmpdir(), 'agri-shell-build-'));
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, ISLAND_LOADER_FILE), loader);
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

test('a build of the shell gives its page and its loader, as the build wrote them', () => {
  withBuild('(()=>{document.documentElement.dataset.shell="islands"})();\n', (dir) => {
    assert.deepEqual(shellPage(dir), {
      template: '<!doctype html><div id="root"></div>',
      loader: '(()=>{document.documentElement.dataset.shell="islands"})();',
    });
  });
});

test('a loader that would end the script it travels in, or open a comment, is refused', () => {
  for (const loader of ['(()=>{"</script><script>alert(1)"})()', '(()=>{"<!--"})()', '(()=>{"</SCRIPT "})()']) {
    withBuild(loader, (dir) => assert.throws(() => shellPage(dir), /cannot be put inline in a page/, loader));
  }
});

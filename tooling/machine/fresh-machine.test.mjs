// @ts-check
// A fresh machine has Node and npm only: a command that installs the dependencies itself (npm start, npm test,
// npm run dev, …) must not import a package before it has installed it. ES module imports are resolved before
// a line of the module runs, so every module such a command imports statically, and every module those
// import, may name only Node's own modules and files of the repository; the rest is imported with
// `await import()` after the install.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { rootDir } from './pnpm.mjs';

/**
 * The specifiers of a module's static imports and re-exports (not `import()`).
 *
 * @param {string} source
 */
export function staticImportsOf(source) {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  /** @type {string[]} */
  const specifiers = [];
  for (const [, specifier] of withoutComments.matchAll(/^\s*(?:import|export)\s+(?:[^'"()]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    specifiers.push(specifier);
  }
  return specifiers;
}

/**
 * The packages a module needs before it runs: the bare specifiers in its static import closure, with the path.
 *
 * @param {string} file
 * @param {Set<string>} [seen]
 * @param {string[]} [chain]
 * @returns {string[]}
 */
function packagesBeforeRunning(file, seen = new Set(), chain = []) {
  if (seen.has(file)) return [];
  seen.add(file);
  /** @type {string[]} */
  const found = [];
  for (const specifier of staticImportsOf(readFileSync(file, 'utf8'))) {
    if (specifier.startsWith('node:')) continue;
    if (specifier.startsWith('.')) {
      found.push(...packagesBeforeRunning(resolve(dirname(file), specifier), seen, [...chain, relative(rootDir, file)]));
    } else {
      found.push(`${specifier} (${[...chain, relative(rootDir, file)].join(' → ')})`);
    }
  }
  return found;
}

/**
 * Every script under tooling/ that installs the dependencies itself.
 *
 * @param {string} [dir]
 * @returns {string[]}
 */
function installingCommands(dir = join(rootDir, 'tooling')) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : installingCommands(path);
    return name.endsWith('.mjs') && !name.endsWith('.test.mjs') && /\binstallDependencies\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

describe('commands that install their own dependencies', () => {
  it('are found (npm start and npm test among them)', () => {
    const names = installingCommands().map((file) => relative(rootDir, file));
    for (const command of ['start.mjs', 'test.mjs'])
      assert.ok(
        names.some((name) => name.endsWith(command)),
        `${command} in ${names}`,
      );
  });

  for (const file of installingCommands()) {
    it(`${relative(rootDir, file)} imports no package before installing it`, () => {
      assert.deepEqual(packagesBeforeRunning(file), []);
    });
  }

  it('the import reader sees what Node resolves first', () => {
    const source = `// import 'commented';\nimport a from 'semver';\nimport { b,\n  c } from './d.mjs';\nexport { e } from "f";\nconst g = await import('h');\nimport './side.mjs';`;
    assert.deepEqual(staticImportsOf(source), ['semver', './d.mjs', 'f', './side.mjs']);
  });
});

describe('the entry points of a fresh clone', () => {
  it('.ci/run and the package.json scripts name scripts that exist', () => {
    const commands = [
      readFileSync(join(rootDir, '.ci/run'), 'utf8'),
      ...Object.values(/** @type {{ scripts: Record<string, string> }} */ (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'))).scripts),
    ];
    const scripts = commands.flatMap((command) => [...command.matchAll(/\bnode\s+(\S+\.mjs)\b/g)].map(([, script]) => script));
    assert.ok(scripts.includes('tooling/serve/start.mjs'), `npm start among ${scripts}`);
    assert.deepEqual(
      scripts.filter((script) => !existsSync(join(rootDir, script))),
      [],
    );
  });
});

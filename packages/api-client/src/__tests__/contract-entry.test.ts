import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

// The server imports @agri/api-client/contract: nothing in it may reach the browser client (the session
// store's zustand, data areas' React, axios), so every module it loads must be a contract module or zod.
const contractDir = join(__dirname, '..', 'contract');

function modulesOf(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/^(?:import\s+(?:[^;']*?\sfrom\s+)?|export\s+[^;']*?\sfrom\s+)'([^']+)';/gms)].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const specifier of specifiers.filter((s) => s.startsWith('.'))) modulesOf(`${join(dirname(file), specifier)}.ts`, seen);
  return seen;
}

it('loads only its own modules and zod', () => {
  const modules = modulesOf(join(contractDir, 'index.ts'));
  const outside = [...modules.keys()].filter((file) => relative(contractDir, file).startsWith('..'));
  const packages = [...new Set([...modules.values()].flat().filter((s) => !s.startsWith('.')))];
  expect(outside).toEqual([]);
  expect(packages.sort()).toEqual(['zod/locales', 'zod/mini']);
  expect(modules.size).toBeGreaterThan(10);
});

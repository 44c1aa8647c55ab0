import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

// The server imports the contract's entries (@agri/api-client/contract, /staff-contract, /rich-text-policy):
// nothing in them may reach the browser client (the session store's zustand, data areas' React, axios), so
// every module they load must be a contract module or zod (a type-only import loads nothing).
const contractDir = join(__dirname, '..', 'contract');

function modulesOf(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specifiers = [
    ...readFileSync(file, 'utf8').matchAll(/^(?:import\s+(?!type\s)(?:[^;']*?\sfrom\s+)?|export\s+(?!type\s)[^;']*?\sfrom\s+)'([^']+)';/gms),
  ].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const specifier of specifiers.filter((s) => s.startsWith('.'))) modulesOf(`${join(dirname(file), specifier)}.ts`, seen);
  return seen;
}

it.each(['index.ts', 'staff.ts', 'rich-text-policy.ts'])('%s loads only contract modules and zod', (entry) => {
  const modules = modulesOf(join(contractDir, entry));
  const outside = [...modules.keys()].filter((file) => relative(contractDir, file).startsWith('..'));
  const packages = [...new Set([...modules.values()].flat().filter((s) => !s.startsWith('.')))];
  expect(outside).toEqual([]);
  expect(packages.filter((name) => !name.startsWith('zod/'))).toEqual([]);
});

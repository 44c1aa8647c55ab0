import compatibilityPlugin, { setRequirements } from './compatibility-plugin';

type AfterResolve = (args: unknown) => unknown;
const afterResolve = compatibilityPlugin().afterResolve as unknown as AfterResolve;

/** What the runtime hands the hook: the shell's shared libraries (and a remote's own fallback), and the remote. */
const resolving = (remote: string) => ({
  options: {
    name: 'shell',
    shared: {
      react: [
        { from: 'shell', version: '19.3.1' },
        { from: 'catalog', version: '20.0.0' },
      ],
    },
  },
  remote: { name: remote, entry: `http://localhost/${remote}/remoteEntry.js` },
});

test('a remote whose requirements the shell meets goes on to load', () => {
  setRequirements('content', { react: '^19.2.0', 'date-fns': '^4.0.0' });
  const args = resolving('content');
  expect(afterResolve(args)).toBe(args);
});

test('a remote that needs another React is refused before its entry is fetched, as a failure of the shared libraries', () => {
  setRequirements('catalog', { react: '^20.0.0' });
  expect(() => afterResolve(resolving('catalog'))).toThrow(
    expect.objectContaining({ message: 'catalog needs react ^20.0.0 (the site has 19.3.1)', phase: 'shared' }),
  );
});

import { unsatisfiedSingletons } from './singleton-check';

const provided = new Map([
  ['react', '19.3.1'],
  ['react-router', '7.18.5'],
]);

test('a remote built for the React and React Router the shell provides passes', () => {
  const shared = [
    { name: 'react', singleton: true, requiredVersion: '^19.2.0' },
    { name: 'react-router', singleton: true, requiredVersion: '^7.18.0' },
  ];
  expect(unsatisfiedSingletons(shared, provided)).toEqual([]);
});

test('a remote that needs another major of a singleton is named with what it needs and what the site has', () => {
  const shared = [
    { name: 'react', singleton: true, requiredVersion: '^20.0.0' },
    { name: 'react-router', singleton: true, requiredVersion: '^6.0.0' },
  ];
  expect(unsatisfiedSingletons(shared, provided)).toEqual([
    'react ^20.0.0 (the site has 19.3.1)',
    'react-router ^6.0.0 (the site has 7.18.5)',
  ]);
});

test('libraries that are not singletons, or that the shell does not provide, are the remote’s own business', () => {
  const shared = [
    { name: 'react', singleton: false, requiredVersion: '^20.0.0' },
    { name: 'date-fns', singleton: true, requiredVersion: '^4.0.0' },
    { name: 'react-router', singleton: true, requiredVersion: false as const },
  ];
  expect(unsatisfiedSingletons(shared, provided)).toEqual([]);
});

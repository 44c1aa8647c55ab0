import { unsatisfiedSingletons } from './singleton-check';

const provided = new Map([
  ['react', '19.3.1'],
  ['react-router', '7.18.5'],
]);

test('a remote built for the React and React Router the shell provides passes', () => {
  expect(unsatisfiedSingletons({ react: '^19.2.0', 'react-router': '^7.18.0' }, provided)).toEqual([]);
});

test('a remote that needs another major of a singleton is named with what it needs and what the site has', () => {
  expect(unsatisfiedSingletons({ react: '^20.0.0', 'react-router': '^6.0.0' }, provided)).toEqual([
    'react ^20.0.0 (the site has 19.3.1)',
    'react-router ^6.0.0 (the site has 7.18.5)',
  ]);
});

test('libraries the shell does not provide are the remote’s own business', () => {
  expect(unsatisfiedSingletons({ 'date-fns': '^4.0.0' }, provided)).toEqual([]);
});

// @ts-check
// The compatibility gate's rules, one by one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertPromotable, checkPromotion } from './gate.mjs';

const shell = {
  app: 'shell',
  version: 's1',
  contract: '1.0.0',
  provides: { react: '19.3.1', 'react-router': '7.18.5', '@agri/api-client': '1.0.0' },
  exposes: [],
  consumes: [],
  routes: [],
};
/** @type {(app: string, extra?: Partial<import('./gate.mjs').Release>) => import('./gate.mjs').Release} */
const remote = (app, extra = {}) => ({
  app,
  version: `${app}1`,
  contract: '1.0.0',
  requires: { react: '^19.2.0', 'react-router': '^7.18.0', '@agri/api-client': '^1.0.0' },
  exposes: ['routes'],
  consumes: [],
  routes: [],
  ...extra,
});
const catalog = remote('catalog', { exposes: ['routes', 'upcoming-events'], routes: ['/courses', '/course', '/events', '/event'] });
const content = remote('content', { consumes: ['catalog/upcoming-events'], routes: ['/', '/about', '/blogs', '/blog'] });
const live = { shell, catalog, content };

test('a release that fits the channel passes', () => {
  assert.deepEqual(checkPromotion({ ...catalog, version: 'catalog2' }, live, 'production'), []);
});

test('a remote needing another React major than the shell provides is refused, and --force cannot pass it', () => {
  const candidate = { ...catalog, version: 'catalog2', requires: { ...catalog.requires, react: '^20.0.0' } };
  const problems = checkPromotion(candidate, live, 'production');
  assert.deepEqual(problems, [
    { rule: 'singleton', message: 'catalog@catalog2 needs react ^20.0.0, but shell@s1 provides react 19.3.1 on production.', forcible: false },
  ]);
  assert.throws(() => assertPromotable(problems, { force: true }), /needs react \^20\.0\.0.*--force cannot override this/s);
});

test('a shell that provides what a live remote cannot use is refused too', () => {
  const candidate = { ...shell, version: 's2', provides: { ...shell.provides, 'react-router': '8.0.0' } };
  const problems = checkPromotion(candidate, live, 'staging');
  assert.deepEqual(
    problems.map((entry) => entry.message),
    [
      'catalog@catalog1 needs react-router ^7.18.0, but shell@s2 provides react-router 8.0.0 on staging.',
      'content@content1 needs react-router ^7.18.0, but shell@s2 provides react-router 8.0.0 on staging.',
    ],
  );
});

test('another API contract major than the channel’s other apps is refused, naming them; --force cannot pass it', () => {
  const candidate = { ...catalog, version: 'catalog2', contract: '2.0.0', requires: { ...catalog.requires, '@agri/api-client': '^2.0.0' } };
  const problems = checkPromotion(candidate, live, 'production');
  const contract = problems.find((entry) => entry.rule === 'contract');
  assert.ok(contract, 'a contract problem');
  assert.equal(
    contract.message,
    'catalog@catalog2 is built on API contract 2.0.0, but production runs another major: shell@s1 (1.0.0), content@content1 (1.0.0).',
  );
  assert.equal(contract.forcible, false);
  assert.throws(() => assertPromotable(problems, { force: true }), /API contract 2\.0\.0/);
  // A minor step of the contract is fine.
  assert.deepEqual(checkPromotion({ ...catalog, version: 'catalog3', contract: '1.4.0' }, live, 'production'), []);
});

test('dropping or renaming a module another live app consumes is refused; --force accepts it', () => {
  const candidate = { ...catalog, version: 'catalog2', exposes: ['routes', 'upcoming-forums'] };
  const problems = checkPromotion(candidate, live, 'production');
  assert.deepEqual(problems, [
    {
      rule: 'exposes',
      message: 'content@content1 consumes catalog/upcoming-events, which catalog@catalog2 does not expose (it exposes: routes, upcoming-forums).',
      forcible: true,
    },
  ]);
  assert.throws(() => assertPromotable(problems), /--force accepts this/);
  assert.deepEqual(assertPromotable(problems, { force: true }), problems);
});

test('a release that consumes what no live app exposes is refused', () => {
  const candidate = { ...content, version: 'content2', consumes: ['catalog/upcoming-events', 'catalog/course-card', 'offers/banner'] };
  assert.deepEqual(
    checkPromotion(candidate, live, 'production').map((entry) => entry.message),
    [
      'content@content2 consumes catalog/course-card, which catalog@catalog1 on production does not expose.',
      'content@content2 consumes offers/banner, but no release of offers is live on production.',
    ],
  );
});

test('a route prefix that overlaps another live remote’s is refused; a longer word is not an overlap', () => {
  const notices = remote('notices', { routes: ['/notices', '/course/special', '/blog'] });
  assert.deepEqual(
    checkPromotion(notices, live, 'production').map((entry) => entry.message),
    [
      'notices@notices1 claims the route prefix /course/special, but /course belongs to catalog@catalog1 on production.',
      'notices@notices1 claims the route prefix /blog, but /blog belongs to content@content1 on production.',
    ],
  );
  assert.deepEqual(checkPromotion(remote('notices', { routes: ['/notices', '/courses-news'] }), live, 'production'), []);
  // A new release of the same remote keeps its own prefixes.
  assert.deepEqual(checkPromotion({ ...catalog, version: 'catalog2' }, live, 'production'), []);
});

test('an app that does not use the API client has no say on the contract', () => {
  const fragmentOnly = remote('notices', { contract: null, requires: { react: '^19.2.0' }, routes: ['/notices'] });
  assert.deepEqual(checkPromotion(fragmentOnly, live, 'production'), []);
});

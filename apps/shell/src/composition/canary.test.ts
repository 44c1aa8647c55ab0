import type { SiteConfig } from '../config/site-config';
import { applyCanaries } from './canary';

const channel: SiteConfig = {
  channel: 'production',
  remotes: {
    catalog: {
      entry: '/releases/catalog/stable/remoteEntry.js',
      requires: { react: '^19.2.0' },
      routes: ['/courses'],
      version: 'stable',
      canary: { entry: '/releases/catalog/next/remoteEntry.js', requires: { react: '^19.3.0' }, routes: ['/courses'], version: 'next', share: 10 },
    },
    content: { entry: '/releases/content/one/remoteEntry.js', requires: {}, routes: ['/'], version: 'one' },
  },
  api: { apiBaseUrl: 'http://localhost:4000/api/', requestsApiBaseUrl: 'http://localhost:4000/requests/', chatNumber: '254722000000' },
};

afterEach(() => localStorage.clear());

test('a browser in a bucket below the share gets the canary; the other remotes are as they are', () => {
  localStorage.setItem('shell:canary-bucket', '9');
  const config = applyCanaries(channel);
  expect(config.remotes.catalog).toEqual({
    entry: '/releases/catalog/next/remoteEntry.js',
    requires: { react: '^19.3.0' },
    routes: ['/courses'],
    version: 'next',
  });
  expect(config.remotes.content).toBe(channel.remotes.content);
});

test('a browser at or above the share keeps the live release', () => {
  localStorage.setItem('shell:canary-bucket', '10');
  expect(applyCanaries(channel).remotes.catalog!.version).toBe('stable');
});

test('the bucket is drawn once and kept: every page and reload is on the same side', () => {
  const first = applyCanaries(channel).remotes.catalog!.version;
  const bucket = localStorage.getItem('shell:canary-bucket');
  expect(Number(bucket)).toBeGreaterThanOrEqual(0);
  expect(Number(bucket)).toBeLessThan(100);
  for (let load = 0; load < 5; load += 1) expect(applyCanaries(channel).remotes.catalog!.version).toBe(first);
  expect(localStorage.getItem('shell:canary-bucket')).toBe(bucket);
});

test('about a tenth of browsers land in a canary at 10 %', () => {
  let inCanary = 0;
  for (let browser = 0; browser < 2000; browser += 1) {
    localStorage.clear();
    if (applyCanaries(channel).remotes.catalog!.version === 'next') inCanary += 1;
  }
  expect(inCanary).toBeGreaterThan(140);
  expect(inCanary).toBeLessThan(260);
});

test('a kept value that is not a bucket is drawn again', () => {
  localStorage.setItem('shell:canary-bucket', 'tracking-id-123');
  applyCanaries(channel);
  expect(localStorage.getItem('shell:canary-bucket')).toMatch(/^\d{1,2}$/);
});

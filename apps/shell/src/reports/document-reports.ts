// reports.js: the browser reports of a document with islands that no island has needed (docs/composition.md,
// "Islands"). Its loader (apps/shell/src/islands/loader) adds this script when the browser is idle,
// once config.json names a report endpoint and the visit is in its sample: a visitor who only reads is counted too,
// with the page's web vitals. Built alone (tooling/build/rspack-app.mjs), a few KB: none of the shell's code, no
// federation, no zod. Should an island bring the shell's code, that code finds this reporting (browser-reports.ts
// keeps it on `window`): one session, one queue, one page view.
import type { SiteConfig } from '../config/site-config';
import { reportPageView, startReporting } from './browser-reports';
import { reportVitals } from './vitals';

/** config.json as the loader read it, if it has what reporting reads (the shell's code checks the rest). */
function reportingConfig(config: unknown): SiteConfig | null {
  const site = config as Partial<SiteConfig> | null;
  if (typeof site?.reports?.url !== 'string' || typeof site.reports.sampleRate !== 'number') return null;
  if (typeof site.remotes !== 'object' || site.remotes === null) return null;
  return Object.values(site.remotes).every((remote) => typeof remote?.entry === 'string') ? (site as SiteConfig) : null;
}

const config = reportingConfig(window.agriIslands?.config);
if (config) {
  startReporting(config);
  reportPageView();
  // The vitals' observers in a task of their own: on a phone's processor the two together made one long task.
  (window.requestIdleCallback ?? setTimeout)(reportVitals);
}

import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { firstToMeasureVitals, report } from './browser-reports';

/**
 * The page's web vitals (LCP, INP, CLS, TTFB), each reported once web-vitals knows it (at the latest when hidden).
 * Once a page: on a document with islands both reports.js and the shell's code may ask.
 */
export function reportVitals(): void {
  if (!firstToMeasureVitals()) return;
  for (const measure of [onCLS, onINP, onLCP, onTTFB]) measure((metric) => report({ kind: 'vital', name: metric.name, value: metric.value }));
}

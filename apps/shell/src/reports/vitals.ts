import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { report } from './browser-reports';

/** The page's web vitals (LCP, INP, CLS, TTFB), each reported once web-vitals knows it (at the latest when hidden). */
export function reportVitals(): void {
  for (const measure of [onCLS, onINP, onLCP, onTTFB]) measure((metric) => report({ kind: 'vital', name: metric.name, value: metric.value }));
}

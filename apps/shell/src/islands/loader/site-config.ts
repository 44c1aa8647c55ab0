import { madeWithLive, TAB_KEYS, inReportSample, type PageState, type PageCode } from '@agri/ui/island-protocol';
import type { PageLoader } from './islands-loader';
import { connection, element, onceIdle } from './page';

/** config.json as far as the loader reads it (the shell's code checks all of it). */
interface LoaderConfig {
  remotes?: Record<string, { entry: string; canary?: unknown } | undefined>;
  reports?: { sampleRate: number };
  offline?: boolean;
}

/** A QA preview (?preview=, kept for the tab: composition/preview.ts) is the shell's to show. */
function previewing(): boolean {
  const asked = new URLSearchParams(location.search).has('preview');
  try {
    return asked || sessionStorage.getItem(TAB_KEYS.preview) !== null;
  } catch {
    return asked; // storage refused: no preview was kept either
  }
}

/**
 * Reads config.json. A page made with other releases than those live now (after a promotion, until the pages are
 * made again), with one of them in a canary (which side this visitor is on is the shell's to know), or in a QA
 * preview, asks for the shell's code at once, which renders it afresh where it must. Otherwise, once the browser is
 * idle, a visit in the sample of those that report (and no island has asked for the shell's code, whose start
 * reports) adds reports.js: a visit that touches nothing is counted, with its web vitals. Then the service worker.
 */
export function readSiteConfig(loader: PageLoader, page: PageState, code: PageCode): void {
  fetch('/config.json')
    .then((response) => response.json() as Promise<LoaderConfig>)
    .then((config) => {
      loader.config = config;
      const live = config.remotes ?? {};
      const current = madeWithLive(page, live) && !Object.keys(page.remotes).some((name) => live[name]?.canary);
      if (!current || previewing()) loader.askForCode();
      else if (config.reports && 'sendBeacon' in navigator && inReportSample(config.reports.sampleRate)) onceIdle(() => reportVisit(loader, code));
      return keepOffline(config, page);
    })
    .catch(() => undefined);
}

function reportVisit(loader: PageLoader, code: PageCode): void {
  // Offline (a page kept for reading) there is nowhere to send a report: the next page read online counts.
  if (loader.codeAsked || loader.wholePage || !navigator.onLine) return;
  document.head.append(element('script', { src: code.reports }));
}

/** Starts the service worker (unless config.json says `offline: false`) and has it keep this page to read offline. */
async function keepOffline(config: LoaderConfig, page: PageState): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const worker = navigator.serviceWorker;
  if (config.offline === false) {
    for (const registration of await worker.getRegistrations()) void registration.unregister();
    return;
  }
  await worker.register('/sw.js', { scope: '/' });
  // Only a page made for this very path is kept: not the not-found page, nor a reset link's (one page for every
  // link, whose path holds its token); nor anything for a visitor who saves data.
  if (page.path !== location.pathname || connection()?.saveData) return;
  const registration = await worker.ready;
  registration.active?.postMessage({ type: 'keep-page', path: location.pathname, code: [] });
}

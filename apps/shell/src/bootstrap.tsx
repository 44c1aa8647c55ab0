import { configureApi, getCart, useSession } from '@agri/api-client';
import { setFragmentLoader } from '@agri/ui/federation';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ConfigErrorPage } from './config/config-error-page';
import { ownerOf } from './config/route-owners';
import { parseSiteConfig, type SiteConfig } from './config/site-config';
import { useComposition } from './composition/composition-store';
import { applyCanaries } from './composition/canary';
import { applyPreview, usePreview } from './composition/preview';
import { loadFragment, registerSiteRemotes } from './federation/remotes';
import { announceSessionExpiry } from './frame/session-expiry';
import { openedByPrerenderer } from './prerender/prerender-mode';
import { readPrerenderedPage } from './islands/page-state';
import { sendKeptRequestsWhenOnline } from './offline/kept-requests';
import { startOffline } from './offline/register';
import { reportPageView, startReporting } from './reports/browser-reports';
import { measureVitalsLater } from './reports/measure-vitals';

/** The start-up spinner covers start-up, at most this long; it never holds back a ready page. */
const SPINNER_MAX_MS = 1000;

function hideStartupSpinner() {
  document.getElementById('startup-spinner')?.remove();
}

/**
 * Starts the site: on a prerendered page made with the releases that are live, hydrates its islands as its loader
 * asks for them (the rest of the page stays the document it is); renders every other page, and a prerendered page
 * that cannot be hydrated as it was made, afresh. `configBody` is config.json, fetched early.
 */
export async function start(configBody: Promise<unknown>): Promise<void> {
  const spinnerDeadline = setTimeout(hideStartupSpinner, SPINNER_MAX_MS);
  const container = document.getElementById('root')!;
  let config: SiteConfig;
  try {
    // This tab's composition, kept while it lives: the canary side of this browser, then a preview on top.
    config = await applyPreview(applyCanaries(parseSiteConfig(await configBody)), window.location.search);
  } catch (error) {
    clearTimeout(spinnerDeadline);
    hideStartupSpinner();
    createRoot(container).render(<ConfigErrorPage problem={(error as Error).message} />);
    document.documentElement.dataset.shell = 'config-error';
    return;
  }
  configureApi(config.api);
  if (!openedByPrerenderer()) {
    startReporting(config);
    startOffline(config);
    sendKeptRequestsWhenOnline();
  }
  registerSiteRemotes(config.remotes);
  setFragmentLoader(loadFragment);
  announceSessionExpiry();
  // A returning customer sees their cart count in the header from the start.
  if (useSession.getState().customer) getCart().catch(() => undefined);

  const composition = useComposition.getState();
  composition.configure(config.remotes);
  const owner = ownerOf(window.location.pathname, useComposition.getState().routePrefixes);
  const previewing = usePreview.getState().releases.length > 0 || usePreview.getState().refused !== null;
  const prerendered = previewing || openedByPrerenderer() ? null : readPrerenderedPage(config, window.location.pathname);

  const islandLoader = window.agriIslands;
  if (prerendered && islandLoader) {
    // Nothing is taken over but the islands the page's loader asks for.
    clearTimeout(spinnerDeadline);
    // Its own chunk: a page of the application never loads it.
    const { startIslands } = await import('./islands/islands');
    startIslands(prerendered, islandLoader);
    // Counted once, whether the page's reports.js (a visit no island had needed till then) counted it first.
    reportPageView();
    measureVitalsLater();
    return;
  }

  // A document with islands that cannot be hydrated as it was made is rendered afresh: its loader lets go.
  if (islandLoader) islandLoader.wholePage = true;
  // Only the remote that owns this page loads now; the others when a route first needs them.
  if (owner) {
    const unsubscribe = useComposition.subscribe((state) => {
      const status = state.remotes[owner]?.state;
      if (status === 'ready' || status === 'failed') {
        hideStartupSpinner();
        unsubscribe();
      }
    });
    void composition.ensure(owner);
  } else {
    hideStartupSpinner();
  }
  createRoot(container).render(<App />);
  if (openedByPrerenderer()) {
    const { prerenderHooks } = await import('./prerender/prerender-hooks');
    window.__prerender = prerenderHooks(config);
  }
}

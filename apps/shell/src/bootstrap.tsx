import { configureApi, getCart, useSession } from '@agri/api-client';
import { setFragmentLoader } from '@agri/ui/federation';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ConfigErrorPage } from './config/config-error-page';
import { ownerOf } from './config/route-owners';
import { loadSiteConfig } from './config/site-config';
import { useComposition } from './composition/composition-store';
import { applyPreview } from './composition/preview';
import { loadFragment, registerSiteRemotes } from './federation/remotes';
import { announceSessionExpiry } from './frame/session-expiry';

/** The start-up spinner covers start-up, at most this long; it never holds back a ready page. */
const SPINNER_MAX_MS = 1000;

function hideStartupSpinner() {
  document.getElementById('startup-spinner')?.remove();
}

async function start() {
  const spinnerDeadline = setTimeout(hideStartupSpinner, SPINNER_MAX_MS);
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    config = await applyPreview(await loadSiteConfig(), window.location.search);
  } catch (error) {
    clearTimeout(spinnerDeadline);
    hideStartupSpinner();
    root.render(<ConfigErrorPage problem={(error as Error).message} />);
    return;
  }
  configureApi(config.api);
  registerSiteRemotes(config.remotes);
  setFragmentLoader(loadFragment);
  announceSessionExpiry();
  // A returning customer sees their cart count in the header from the start.
  if (useSession.getState().customer) getCart().catch(() => undefined);

  // Only the remote that owns this page loads now; the others when a route first needs them.
  const composition = useComposition.getState();
  composition.configure(config.remotes);
  const owner = ownerOf(window.location.pathname, useComposition.getState().routePrefixes);
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
  root.render(<App />);
}

void start();

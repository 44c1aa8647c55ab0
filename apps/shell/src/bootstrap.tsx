import { configureApi, getCart, useSession } from '@agri/api-client';
import { setFragmentLoader } from '@agri/ui/federation';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ConfigErrorPage } from './config/config-error-page';
import { loadSiteConfig } from './config/site-config';
import { selectIsSettled, useComposition } from './composition/composition-store';
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
    config = await loadSiteConfig();
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

  const unsubscribe = useComposition.subscribe((state) => {
    if (selectIsSettled(state)) {
      hideStartupSpinner();
      unsubscribe();
    }
  });
  void useComposition.getState().loadAll();
  root.render(<App />);
}

void start();

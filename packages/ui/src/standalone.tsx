// Entry for a remote running alone (its team's dev server); the shell never loads it.
import { createRoot } from 'react-dom/client';
import { StatusPanel } from './components/status-panel';
import { fetchSiteConfig } from './config/fetch-site-config';
import { StandaloneApp } from './federation/standalone-app';
import type { PageRoute } from './federation/page-route';
import './styles/index.css';

/**
 * Reads the remote's own config.json, hands it to `configure` (which validates
 * it), then renders the remote's routes in a bare frame.
 */
export async function startStandalone(remoteName: string, routes: PageRoute[], configure: (config: unknown) => void): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    configure(await fetchSiteConfig());
  } catch (error) {
    root.render(<StatusPanel title="Configuration problem">{(error as Error).message}</StatusPanel>);
    return;
  }
  root.render(<StandaloneApp remoteName={remoteName} routes={routes} />);
}

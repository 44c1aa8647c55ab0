// The monolith's entry: the shell's start-up without the federation runtime (no remote's entry to ask for).
import { fetchSiteConfig } from '../../../apps/shell/src/config/fetch-site-config';
import { loadShellInTurns } from '../../../apps/shell/src/startup/load-in-turns';

const config = fetchSiteConfig();
config.catch(() => undefined); // reported by start()
void loadShellInTurns().then(({ start }) => start(config));

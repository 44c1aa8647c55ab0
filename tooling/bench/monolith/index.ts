// The monolith's entry: the shell's start-up without the federation runtime (no remote's manifest to ask for).
import { fetchSiteConfig } from '../../../apps/shell/src/config/fetch-site-config';

const config = fetchSiteConfig();
config.catch(() => undefined); // reported by start()
void import('../../../apps/shell/src/bootstrap').then(({ start }) => start(config));

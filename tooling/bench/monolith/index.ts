// The monolith's entry: the shell's start-up without the federation runtime (no remote's entry to ask for).
import { fetchSiteConfig } from '../../../packages/ui/src/config/fetch-site-config';

const config = fetchSiteConfig();
config.catch(() => undefined); // reported by start()
// One import, not the shell's turns (loadShellInTurns): in this one app, react-dom imported apart splits
// the chunks again and costs 6.8 KB gzip more (6.3 KB on a first load); in the composed site, 0.2 KB.
void import('../../../apps/shell/src/bootstrap').then(({ start }) => start(config));

// The one script a prerendered page (a document with islands) carries inline (docs/composition.md, "Islands"):
// built alone by the shell's build into island-loader.js, put in each page by tooling/prerender/page-html.mjs,
// allowed by its hash (tooling/serve/security-headers.mjs). No code of the site's is asked for until an island
// needs it; each part below says what it does. The shell's entry then takes over `window.agriIslands`
// (islands.tsx). The names it shares with the rest are the islands protocol's (@agri/ui/island-protocol).
import { markAnswering, restorePage } from './document-marks';
import { showConnection, showStoredSession } from './frame';
import { confirmAnswers, wakeNearWindow, wakeWhenOutOfDate } from './fresh-answers';
import { holdTaps } from './held-taps';
import { createLoader } from './islands-loader';
import { sendKeptRequests } from './kept-requests';
import { readPage } from './page';
import { readSiteConfig } from './site-config';

const { state, code } = readPage();
const loader = (window.agriIslands = createLoader(code));
markAnswering();
holdTaps(loader);
restorePage();
sendKeptRequests(loader);
showStoredSession();
showConnection();
readSiteConfig(loader, state, code);
confirmAnswers(loader, state);
wakeWhenOutOfDate(loader);
wakeNearWindow(loader);

import { fetchEarly } from './startup/early-fetches';
import { loadShellInTurns } from './startup/load-in-turns';

/**
 * The shell's own code could not load (a dropped link, a hang): say so, with Reload. On the start-up
 * screen, in its place; on a prerendered page, above it: its content stays readable and its links work.
 */
function tellStartupFailed(error: unknown) {
  console.error('[shell] start-up failed:', error);
  document.documentElement.dataset.shell = 'failed';
  // A document with islands: the islands waiting for this code say they are unavailable, and let go of what was tapped.
  window.agriIslands?.startFailed();
  const message = document.createElement('p');
  message.textContent = 'The site could not load. Check your connection and try again.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  const spinner = document.getElementById('startup-spinner');
  const notice = spinner ?? document.body.insertBefore(document.createElement('div'), document.body.firstChild);
  notice.removeAttribute('aria-label');
  notice.setAttribute('role', 'alert');
  // CSSOM, so the policy (no inline styles) allows it. The spinner's own sheet centres one item on a white
  // screen; these keep the two together. The notice above a page is a plain bar.
  Object.assign(notice.style, { alignContent: 'center', gap: '1rem', padding: '1.5rem', textAlign: 'center' });
  if (!spinner) Object.assign(notice.style, { display: 'flex', justifyContent: 'center', alignItems: 'center', background: '#fff4d6' });
  notice.replaceChildren(message, reload);
}

// config.json and the page's remote start now, while the rest of the shell loads in turns.
const config = fetchEarly();
loadShellInTurns()
  .then(({ start }) => start(config))
  .catch(tellStartupFailed);

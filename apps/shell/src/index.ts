// Async boundary: lets the federation runtime settle shared libraries before the app imports them.
import('./bootstrap').catch((error: unknown) => {
  // The shell's own code could not load (a dropped link, a hang): say so instead of spinning for ever.
  console.error('[shell] start-up failed:', error);
  const screen = document.getElementById('startup-spinner');
  if (!screen) return;
  const message = document.createElement('p');
  message.textContent = 'The site could not load. Check your connection and try again.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  screen.removeAttribute('aria-label');
  screen.setAttribute('role', 'alert');
  // The spinner's own sheet centres one item on a white screen; these keep the two together (CSSOM, so CSP allows it).
  Object.assign(screen.style, { alignContent: 'center', gap: '1rem', padding: '1.5rem', textAlign: 'center' });
  screen.replaceChildren(message, reload);
});

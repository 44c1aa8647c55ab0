// ISLAND_LOADER (page-html.mjs): the one script a prerendered page, a document with islands, carries inline
// (docs/composition.md, "Islands"; the policy allows it by its hash, security-headers.mjs), minified. A browser
// script, not a module; SPECULATION_RULES is put in its place by page-html.mjs. No code of the site's is asked for
// until an island needs it. It
// - marks the document when the visitor saves data (Save-Data), for the style sheets; unless they do, or their
//   link is 2G, adds SPECULATION_RULES;
// - shows the header's signed-in links and cart count from the stored session (session-store.ts keeps both), and
//   the offline notice while there is no connection;
// - reads config.json: a page made with other releases than those live now, with one in a canary, or in a QA
//   preview, asks for the shell's code at once (which renders it afresh where it must); starts the service worker (unless config.json
//   says `offline: false`) and has it keep this page;
// - asks the API whether the answers the page was made from changed (their ETags: a 304 each when not; an answer
//   that came without one, by the hash of its body), and hydrates an island that shows them (`changed`) only when
//   one of its own did (the page says which answers each island shows); an island whose content holds only until
//   a time (`data-island-until`: an event that ends) is hydrated then, or at once when the page is opened later;
// - hydrates a `visible` island as it comes within 200 px of the window;
// - hydrates an `interaction` island at the visitor's first touch or focus in it: until it is in, a tap on one
//   of its buttons or a form sent shows that it is starting (aria-busy) and is carried out once, when it is, and
//   a field left is marked, so that it counts as touched; a link is left to the browser. Its buttons answer from
//   the start (the site's code renders them disabled until it runs, useInteractive). An island whose code could
//   not come says so, with Retry, and is tried again when the connection returns;
// - asks for the site's code when what the visitor sent offline waits in the outbox, for the code to send it;
// - once the browser is idle, when config.json names a report endpoint, the visit is in its sample (decided as
//   browser-reports.ts decides it, under the same key) and no island has asked for the shell's code (whose start
//   reports), adds reports.js (apps/shell/src/reports/document-reports.ts): a visit that touches nothing is counted,
//   with its web vitals.
// The shell's entry takes over `window.agriIslands` (apps/shell/src/islands/islands.tsx): it hydrates the
// islands queued, and those asked for later, and says when each is in, or could not come.
(() => {
  const code = JSON.parse(document.getElementById('page-code').textContent);
  const page = JSON.parse(document.getElementById('prerendered-page').textContent);
  const INTERACTION = '[data-island-hydration~="interaction"]';
  // The page answers from now on (a tap is held for its island): what the e2e suites wait for on any page.
  document.documentElement.dataset.shell = 'islands';
  // The visitor saves data: the style sheets leave decoration out (the home page's other pictures, their changing),
  // which they show only once this is known (set in the same task as data-shell, before anything is displayed).
  if (navigator.connection && navigator.connection.saveData) document.documentElement.dataset.saveData = '';
  // The next page's document fetched as the visitor points at its link: not for one who pays for every byte.
  else if (!/(^|-)2g$/.test((navigator.connection && navigator.connection.effectiveType) || '')) {
    const rules = Object.assign(document.createElement('script'), { type: 'speculationrules', textContent: SPECULATION_RULES });
    document.head.append(rules);
  }
  const pending = new Map();
  let asked = false;
  const loader = (window.agriIslands = {
    queue: [],
    hydrate: null,
    wholePage: false,
    hydrated(island) {
      island.dataset.islandState = 'ready';
      const action = pending.get(island);
      pending.delete(island);
      if (action) {
        action.control.removeAttribute('aria-busy');
        // The same control, or the one in its place if React had to draw the island afresh.
        const control = action.control.isConnected ? action.control : island.querySelectorAll(action.control.localName)[action.index];
        if (control) action.run(control);
      }
    },
    failed(island) {
      island.dataset.islandState = 'failed';
      const action = pending.get(island);
      pending.delete(island);
      if (action) action.control.removeAttribute('aria-busy');
      if (island.querySelector('.island-unavailable')) return;
      const notice = Object.assign(document.createElement('p'), { className: 'island-unavailable', textContent: 'This section is temporarily unavailable. ' });
      notice.setAttribute('role', 'alert');
      // The shell's code that came could not start: its notice offers Reload, the one way left.
      if (!loader.shellFailed) {
        const retry = Object.assign(document.createElement('button'), { type: 'button', className: 'ui-button ui-button--secondary', textContent: 'Retry' });
        retry.addEventListener('click', () => tryAgain(island));
        notice.append(retry);
      }
      island.append(notice);
    },
    shellFailed: false,
    startFailed() {
      loader.shellFailed = true;
      for (const island of loader.queue.splice(0)) loader.failed(island);
    },
  });
  const askForCode = () => {
    if (asked) return;
    asked = true;
    // All of it at once, into the HTTP cache, where the scripts find it. Fetched, not <link rel="preload">: a
    // preload that failed (offline, a dropped link) answers the same script's later request with its failure,
    // for the life of the page, so that Retry could never succeed.
    for (const url of code.preloads) fetch(url, { mode: 'no-cors', credentials: 'same-origin' }).catch(() => undefined);
    const entry = Object.assign(document.createElement('script'), { src: code.entry });
    entry.addEventListener('error', () => {
      entry.remove();
      asked = false;
      for (const island of loader.queue.splice(0)) loader.failed(island);
    });
    document.head.append(entry);
  };
  // A tap shows that it was heard (its pending state painted) before the code that comes for it runs: on a phone's
  // processor the shell's first evaluation, started from the tap, held that paint back 100 to 200 ms.
  const afterNextPaint = (run) => requestAnimationFrame(() => setTimeout(run, 0));
  const ask = (loader.ask = (island) => {
    if (island.dataset.islandState || loader.wholePage || loader.shellFailed) return;
    island.dataset.islandState = 'starting';
    if (loader.hydrate) loader.hydrate(island);
    else {
      loader.queue.push(island);
      afterNextPaint(askForCode);
    }
  });
  const tryAgain = (island) => {
    const notice = island.querySelector('.island-unavailable');
    if (notice) notice.remove();
    delete island.dataset.islandState;
    ask(island);
  };
  // What the visitor sent offline with the site's code (the API client's outbox) is sent by that code: it comes
  // for that alone when the connection is there.
  const sendKept = () => {
    try {
      if (navigator.onLine && localStorage.getItem('agri:outbox')) askForCode();
    } catch {
      // Storage refused (a private window's settings): there is no outbox either.
    }
  };
  sendKept();
  addEventListener('online', () => {
    sendKept();
    // An island whose code could not come offline comes now.
    for (const island of document.querySelectorAll('[data-island-state="failed"]')) tryAgain(island);
  });
  const waiting = (target) => {
    const island = target instanceof Element && target.closest(INTERACTION);
    // A link is the browser's; the Retry of an island that could not come is the loader's own.
    return island && !loader.wholePage && island.dataset.islandState !== 'ready' && !target.closest('a[href], .island-unavailable') ? island : null;
  };
  for (const type of ['pointerdown', 'focusin']) {
    document.addEventListener(
      type,
      (event) => {
        const island = waiting(event.target);
        if (island) ask(island);
      },
      true,
    );
  }
  // A field left before its form's code is in counts as touched once it is (its message shows: use-site-form.ts).
  document.addEventListener(
    'focusout',
    (event) => {
      // A property, not an attribute: the hydration finds the field's attributes as they were made.
      if (waiting(event.target) && event.target.matches('input, textarea, select')) event.target.leftBeforeCode = true;
    },
    true,
  );
  const holdUntilReady = (event, island, control, run) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    control.setAttribute('aria-busy', 'true');
    pending.set(island, { control, index: [...island.querySelectorAll(control.localName)].indexOf(control), run });
    ask(island);
  };
  document.addEventListener(
    'click',
    (event) => {
      const island = waiting(event.target);
      const button = island && event.target.closest('button');
      if (button) holdUntilReady(event, island, button, (control) => control.click());
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const island = waiting(event.target);
      const by = event.submitter;
      // The button that sent it, or the form (Enter in a field).
      if (island)
        holdUntilReady(event, island, by || event.target, (control) => (control.form ? control.form.requestSubmit(control) : control.requestSubmit()));
    },
    true,
  );
  for (const button of document.querySelectorAll(INTERACTION + ' button[disabled]')) button.disabled = false;
  for (const styled of document.querySelectorAll('[data-prerendered-style]')) {
    styled.style.cssText = styled.getAttribute('data-prerendered-style');
    styled.removeAttribute('data-prerendered-style');
  }

  try {
    const customer = JSON.parse(localStorage.getItem('customer') || 'null');
    if (customer && typeof customer === 'object') {
      const count = Number(localStorage.getItem('cart-count')) || 0;
      for (const element of document.querySelectorAll('[data-signed-in]')) element.hidden = false;
      for (const element of document.querySelectorAll('[data-signed-out]')) element.hidden = true;
      for (const link of document.querySelectorAll('.cart-link')) link.setAttribute('aria-label', 'Cart, ' + count + (count === 1 ? ' item' : ' items'));
      for (const shown of document.querySelectorAll('.cart-link .cart-count')) shown.textContent = String(count);
    }
  } catch {
    // Storage refused, or not what the session store wrote: the header stays signed out until its island says.
  }

  const notice = document.querySelector('[data-offline-notice]');
  const showConnection = () => notice && (notice.hidden = navigator.onLine);
  showConnection();
  addEventListener('online', showConnection);
  addEventListener('offline', showConnection);

  const whenIdle = window.requestIdleCallback || ((run) => setTimeout(run, 500));
  const onceIdle = (run) => {
    if (document.readyState === 'complete') whenIdle(run, { timeout: 3000 });
    else addEventListener('load', () => whenIdle(run, { timeout: 3000 }), { once: true });
  };
  // In the sample of visits that report: decided once a tab, as the shell's browser-reports.ts decides it.
  const sampled = (rate) => {
    try {
      let kept = sessionStorage.getItem('shell:visit');
      if (!kept) sessionStorage.setItem('shell:visit', (kept = Math.random() < rate ? 'on' : 'off'));
      return kept !== 'off';
    } catch {
      return false;
    }
  };
  const reportVisit = () => {
    // Offline (a page kept for reading) there is nowhere to send a report: the next page read online counts.
    if (asked || loader.wholePage || !navigator.onLine) return;
    document.head.append(Object.assign(document.createElement('script'), { src: code.reports }));
  };

  fetch('/config.json')
    .then((response) => response.json())
    .then((config) => {
      loader.config = config;
      // Made with other releases than those live now (after a promotion, until the pages are made again), or one of
      // them in a canary (this visitor's side is the shell's to know): the shell's code decides, and renders the page
      // afresh where it must.
      const live = config.remotes || {};
      const notFound = page.path === '*';
      // The not-found page was made with every remote: one live since may have a page at this path.
      const current =
        Object.entries(page.remotes).every(([name, entry]) => live[name] && live[name].entry === entry && !live[name].canary) &&
        (!notFound || Object.keys(live).every((name) => name in page.remotes));
      // A QA preview (?preview=, kept for the tab: composition/preview.ts) is the shell's too.
      let previewing = new URLSearchParams(location.search).has('preview');
      try {
        previewing = previewing || sessionStorage.getItem('shell:preview') !== null;
      } catch {
        // Storage refused: no preview was kept either.
      }
      if (!current || previewing) askForCode();
      else if (config.reports && 'sendBeacon' in navigator && sampled(config.reports.sampleRate)) onceIdle(reportVisit);
      if ('serviceWorker' in navigator) {
        const worker = navigator.serviceWorker;
        if (config.offline === false) return worker.getRegistrations().then((all) => all.forEach((registration) => registration.unregister()));
        return worker.register('/sw.js', { scope: '/' }).then(() => {
          // A path that is not a page is not kept to read offline.
          if (notFound || (navigator.connection && navigator.connection.saveData)) return;
          return worker.ready.then(
            (registration) => registration.active && registration.active.postMessage({ type: 'keep-page', path: location.pathname, code: [] }),
          );
        });
      }
    })
    .catch(() => undefined);

  const read = (url, headers) => fetch(url, { headers: { Accept: 'application/json', ...headers }, credentials: 'omit', signal: AbortSignal.timeout(15000) });
  const gone = (response) => response.status === 404 || response.status === 410;
  const hashOf = (body) =>
    crypto.subtle.digest('SHA-256', body).then((hash) =>
      btoa(String.fromCharCode(...new Uint8Array(hash)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    );
  // Each island's answers, by its place; a page made before they were noted: every island that shows answers.
  const answersOf = (island) => page.islands.answers && (page.islands.answers[island.dataset.islandIndex] || []);
  const confirmAnswers = () =>
    Promise.all([
      ...Object.entries(page.validators || {}).map(([url, etag]) =>
        read(url, { 'If-None-Match': etag }).then(
          (response) => (response.ok || gone(response)) && url,
          () => false,
        ),
      ),
      // An API that sends no ETag: the answer's hash, as the prerenderer took it (bodyHash).
      ...Object.entries(page.answerHashes || {}).map(([url, hash]) =>
        read(url, {})
          .then((response) =>
            response.ok
              ? response
                  .arrayBuffer()
                  .then(hashOf)
                  .then((now) => now !== hash && url)
              : gone(response) && url,
          )
          .catch(() => false),
      ),
    ]).then((results) => {
      const changed = results.filter(Boolean);
      if (!changed.length) return;
      for (const island of document.querySelectorAll('[data-island-hydration~="changed"]')) {
        const shows = answersOf(island);
        if (!shows || shows.some((url) => changed.includes(url))) ask(island);
      }
    });
  onceIdle(confirmAnswers);
  // What an island shows stops holding at its time (an event that has ended): it is hydrated then, drawn for today.
  for (const island of document.querySelectorAll('[data-island-until]')) {
    const wait = Date.parse(island.getAttribute('data-island-until')) - Date.now();
    if (!(wait > 0)) ask(island);
    else if (wait < 2 ** 31) setTimeout(() => ask(island), wait);
  }
  // A part that moves (a carousel) is hydrated as it comes near the window: a visitor who never scrolls there
  // runs none of its code.
  // The island's element has no box of its own (display: contents): what is watched is its content.
  const nearWindow =
    'IntersectionObserver' in window &&
    new IntersectionObserver(
      (entries, observer) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          ask(entry.target.parentElement);
        }
      },
      { rootMargin: '200px 0px' },
    );
  for (const island of document.querySelectorAll('[data-island-hydration~="visible"]')) {
    if (nearWindow && island.firstElementChild) nearWindow.observe(island.firstElementChild);
    else ask(island);
  }
  if (window.__askForEveryIsland) for (const island of document.querySelectorAll('[data-island]')) ask(island);
})();

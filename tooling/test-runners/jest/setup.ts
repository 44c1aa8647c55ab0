import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';

// What a test waits for (findBy…, waitFor) may take a while on a busy machine: the first lazy module of a file is
// compiled on the way. Waiting longer costs nothing when it shows at once.
configure({ asyncUtilTimeout: 5_000 });

/*
 * Console guard. A React warning or a stray error in a passing test is a bug
 * nobody reads, so an unexpected console.error or console.warn fails the test
 * that printed it (the output is still printed, with its stack). A test that
 * provokes one on purpose replaces the recorder with
 * `jest.spyOn(console, 'error').mockImplementation(...)` and asserts the call.
 * Output printed after a test has finished (an async leftover) is named as
 * such and fails the next check: the next test, or the file's afterAll.
 */
const unexpected: string[] = [];
let phase = 'while the test file loaded';

function recorder(method: 'error' | 'warn') {
  const print = console[method].bind(console);
  return (...args: unknown[]) => {
    unexpected.push(`console.${method}(${JSON.stringify(format(...args).split('\n')[0])}) ${phase}`);
    print(...args); // jest's code frame shows this line; the caller is the next frame
  };
}
const recorders = { error: recorder('error'), warn: recorder('warn') };
Object.assign(console, recorders);
// Captured before any test can fake the timers.
const realSetTimeout = setTimeout;

/*
 * jsdom has <dialog> but none of its methods: these stand in for what the site's code calls and the HTML standard
 * says they do (open, close, the close event, Escape, focus back where it was before). What the browser does besides
 * (the top layer, focus moved in, the page made inert) is the browser's, and the e2e suites check it.
 */
if (!HTMLDialogElement.prototype.showModal) {
  const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>();
  const closeOnEscape = (event: KeyboardEvent) => {
    const open = [...document.querySelectorAll('dialog[open]')].at(-1) as HTMLDialogElement | undefined;
    if (event.key === 'Escape' && open) open.close();
  };
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open) return;
      focusedBefore.set(this, document.activeElement);
      this.setAttribute('open', '');
      document.addEventListener('keydown', closeOnEscape);
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      const before = focusedBefore.get(this);
      if (before instanceof HTMLElement && before.isConnected) before.focus();
      this.dispatchEvent(new Event('close'));
    },
  });
}

function failOnUnexpectedOutput() {
  if (unexpected.length === 0) return;
  const calls = unexpected.splice(0);
  throw new Error(`Unexpected console output:\n${calls.map((call) => `  ${call}`).join('\n')}`);
}

beforeEach(() => {
  // Also puts the recorder back where an earlier test left a spy in place.
  Object.assign(console, recorders);
  phase = `during "${expect.getState().currentTestName}"`;
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Let work the test left queued print now, so it is blamed on this test.
  await new Promise((resolve) => realSetTimeout(resolve, 0));
  phase = `after "${expect.getState().currentTestName}" finished`;
  failOnUnexpectedOutput();
});

afterAll(failOnUnexpectedOutput);

// jsdom has no matchMedia; react-slick and responsive hooks ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no IntersectionObserver or scrollTo.
window.scrollTo = () => {};

// A click must never be lost (issue 38): pressing a button takes the focus out of the field being typed in, the
// field's message appears on leaving it and pushes the buttons down, and the release then lands beside the
// button, so no click happens (the registration's "Resend Code", with the code field focused). A message caused
// by leaving a field therefore waits until the press is over and its click has been handled.

/** How long after a release a click may still come (a tap's click follows its release as a separate event). */
const CLICK_AFTER_RELEASE_MS = 300;

let watching = false;
let pressed = false;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const waiting: (() => void)[] = [];

function runWaiting(): void {
  pressed = false;
  clearTimeout(releaseTimer);
  for (const work of waiting.splice(0)) work();
}

/** Follows the page's presses from now on (once per page: a form calls it when it is made). */
export function watchPresses(): void {
  if (typeof document === 'undefined' || watching) return;
  watching = true;
  const options = { capture: true, passive: true };
  document.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
      clearTimeout(releaseTimer);
    },
    options,
  );
  // After the click's own handlers (this task), or soon after a release that brings no click (a drag away).
  document.addEventListener('click', () => setTimeout(runWaiting), options);
  document.addEventListener(
    'pointerup',
    () => {
      clearTimeout(releaseTimer);
      releaseTimer = setTimeout(runWaiting, CLICK_AFTER_RELEASE_MS);
    },
    options,
  );
  document.addEventListener('pointercancel', () => setTimeout(runWaiting), options);
}

/** Runs `work` now, or, while a pointer is pressed, once its click has been handled. */
export function afterPress(work: () => void): void {
  if (pressed) waiting.push(work);
  else work();
}

/**
 * `loading`, settled only while no pointer is pressed: a part of a form that arrives late (a lazy editor) and
 * would push the buttons down is put in only once a press's click has been handled.
 */
export async function outsideAPress<T>(loading: Promise<T>): Promise<T> {
  watchPresses();
  const loaded = await loading;
  return new Promise((resolve) => afterPress(() => resolve(loaded)));
}

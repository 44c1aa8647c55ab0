/**
 * Resolves in a task of its own, so that the code before it and the code after it never make one long task
 * on a phone's main thread. A message, not a timer: a hidden tab holds its timers back for up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The shell's code, run in three turns, a task each: react-dom, the API client and its contract, then the
 * frame. Run in one task, it held a phone's main thread for about 250 ms (4× slower processor), the longest
 * task of the page. The imports are also the async boundary that lets the federation runtime settle the
 * shared libraries before the app imports them.
 */
export function loadShellInTurns(): Promise<typeof import('../bootstrap')> {
  return import('react-dom/client')
    .then(nextTask)
    .then(() => import('@agri/api-client'))
    .then(nextTask)
    .then(() => import('../bootstrap'));
}

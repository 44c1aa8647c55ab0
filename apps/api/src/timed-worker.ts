import { errorText, type Logger } from './log';

export interface TimedWorker {
  /** Does the work once; a tick while one runs joins it rather than starting a second. Never rejects. */
  tick(): Promise<void>;
  /** Ticks every `intervalMs` (a timer that never keeps the process up); returns a function that stops it. */
  start(intervalMs: number): () => void;
}

/**
 * A background job of the API's process (the payment watch, the lead notifier): `work` done on a timer, one
 * run at a time; a failure is logged as `failure` and the next tick tries again. Each instance runs its own;
 * the work itself takes what it does under a lock or a lease, so instances share it.
 */
export function timedWorker(work: () => Promise<void>, log: Logger, failure: string): TimedWorker {
  let running: Promise<void> | null = null;
  const tick = () =>
    (running ??= (async () => {
      try {
        await work();
      } catch (error) {
        log.warn(failure, { error: errorText(error) });
      } finally {
        running = null;
      }
    })());
  return {
    tick,
    start(intervalMs) {
      const timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

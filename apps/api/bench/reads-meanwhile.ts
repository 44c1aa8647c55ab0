// The site's reads while the API does something heavy (a release summary, a photo processed): GET /api/course
// one after another, as visitors' pages ask for it, timed; compared with the same reads when there is nothing else to do.
import type { Hono } from 'hono';

type App = Pick<Hono, 'request'>;

/** GET /api/course one after another until `done` settles: each read's milliseconds. */
export async function readsUntil(app: App, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished) {
    const started = performance.now();
    await (await app.request('/api/course')).arrayBuffer();
    times.push(performance.now() - started);
    // A visitor's next request comes through the network: timers and I/O get their turn between two.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return times;
}

export const p95 = (times: number[]) => Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? 0);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reads' times with nothing else to do, for `ms`. */
export const idleReads = (app: App, ms = 2_000) => readsUntil(app, pause(ms));

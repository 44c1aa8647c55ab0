import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { nextTask } from './load-in-turns';

describe('nextTask', () => {
  // jsdom has no MessageChannel; Node's is the browser's.
  beforeAll(() => {
    globalThis.MessageChannel ??= NodeMessageChannel as unknown as typeof MessageChannel;
  });

  it('resolves in a later task: after every microtask, even those queued after it', async () => {
    const order: string[] = [];
    const turn = nextTask().then(() => order.push('next task'));
    let chain = Promise.resolve();
    for (let step = 0; step < 5; step += 1) chain = chain.then(() => void order.push('microtask'));
    await turn;
    expect(order).toEqual(['microtask', 'microtask', 'microtask', 'microtask', 'microtask', 'next task']);
  });
});

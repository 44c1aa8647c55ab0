import { ApiError } from '../errors';
import { createDataArea } from '../data-area';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createDataArea', () => {
  it('goes loading, then success with the result', async () => {
    const useArea = createDataArea(async (id: string) => `course ${id}`);
    const pending = useArea.getState().run('a');
    expect(useArea.getState()).toMatchObject({ isLoading: true, isSuccess: false, isError: false });
    await expect(pending).resolves.toBe('course a');
    expect(useArea.getState()).toMatchObject({ data: 'course a', isLoading: false, isSuccess: true, isError: false, message: '' });
  });

  it('stores the message and status of a failure', async () => {
    const useArea = createDataArea(async () => {
      throw new ApiError({ message: 'Course not found', kind: 'http', status: 404, detail: 'GET course/x answered 404' });
    });
    await expect(useArea.getState().run()).resolves.toBeNull();
    expect(useArea.getState()).toMatchObject({ isError: true, isSuccess: false, message: 'Course not found', errorStatus: 404 });
  });

  it('keeps only the answer of the latest call', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const answers: Record<string, Promise<string>> = { a: slow.promise, b: fast.promise };
    const useArea = createDataArea((id: string) => answers[id]!);
    const first = useArea.getState().run('a');
    const second = useArea.getState().run('b');
    fast.resolve('b');
    await second;
    slow.resolve('a');
    await first;
    expect(useArea.getState().data).toBe('b');
  });

  it('reset returns to the initial empty state and ignores a call still in flight', async () => {
    const answer = deferred<string>();
    const useArea = createDataArea(() => answer.promise);
    const pending = useArea.getState().run();
    useArea.getState().reset();
    answer.resolve('late');
    await pending;
    expect(useArea.getState()).toMatchObject({ data: null, isLoading: false, isSuccess: false, isError: false, message: '' });
  });

  it('clears a failure while the same call is tried again', async () => {
    let attempt = 0;
    const useArea = createDataArea(async () => {
      attempt += 1;
      if (attempt === 2) throw new Error('Error getting events');
      return attempt;
    });
    await useArea.getState().run();
    await useArea.getState().run();
    expect(useArea.getState()).toMatchObject({ isError: true, message: 'Error getting events' });
    const retry = useArea.getState().run();
    expect(useArea.getState()).toMatchObject({ isLoading: true, isError: false, message: '' });
    await retry;
    expect(useArea.getState()).toMatchObject({ data: 3, isSuccess: true });
  });
});

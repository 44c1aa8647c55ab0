import { ApiError } from '../errors';
import { renderToString } from 'react-dom/server';
import { createDataArea, restoreDataAreas, snapshotDataAreas, useDataAreaFor, type DataAreaStore } from '../data-area';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createDataArea', () => {
  it('goes loading, then success with the result', async () => {
    const useArea = createDataArea('test/area-1', async (id: string) => `course ${id}`);
    const pending = useArea.getState().run('a');
    expect(useArea.getState()).toMatchObject({ isLoading: true, isSuccess: false, isError: false });
    await expect(pending).resolves.toBe('course a');
    expect(useArea.getState()).toMatchObject({ data: 'course a', isLoading: false, isSuccess: true, isError: false, message: '' });
  });

  it('stores the message and status of a failure', async () => {
    const useArea = createDataArea('test/area-2', async () => {
      throw new ApiError({ message: 'Course not found', kind: 'http', status: 404, detail: 'GET course/x answered 404' });
    });
    await expect(useArea.getState().run()).resolves.toBeNull();
    expect(useArea.getState()).toMatchObject({ isError: true, isSuccess: false, message: 'Course not found', errorStatus: 404 });
  });

  it('keeps only the answer of the latest call', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const answers: Record<string, Promise<string>> = { a: slow.promise, b: fast.promise };
    const useArea = createDataArea('test/area-3', (id: string) => answers[id]!);
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
    const useArea = createDataArea('test/area-4', () => answer.promise);
    const pending = useArea.getState().run();
    useArea.getState().reset();
    answer.resolve('late');
    await pending;
    expect(useArea.getState()).toMatchObject({ data: null, isLoading: false, isSuccess: false, isError: false, message: '' });
  });

  it('clears a failure while the same call is tried again', async () => {
    let attempt = 0;
    const useArea = createDataArea('test/area-5', async () => {
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

  it('load calls once for the same arguments, and again for others', async () => {
    const calls: string[] = [];
    const useArea = createDataArea('test/load', async (id: string) => {
      calls.push(id);
      return `course ${id}`;
    });
    const first = useArea.getState().load('a');
    const same = useArea.getState().load('a');
    await Promise.all([first, same]);
    await useArea.getState().load('a');
    await useArea.getState().load('b');
    expect(calls).toEqual(['a', 'b']);
    // run always asks again (a Try again button).
    await useArea.getState().run('b');
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});

describe('prerendered pages', () => {
  it('snapshots the areas that hold an answer, and names those that failed', async () => {
    const courses = createDataArea('test/snap-courses', async () => ['course a']);
    const course = createDataArea('test/snap-course', async (id: string) => `course ${id}`);
    const failing = createDataArea('test/snap-failing', async () => {
      throw new Error('down');
    });
    createDataArea('test/snap-unused', async () => 'never called');
    await courses.getState().run();
    await course.getState().run('42');
    await failing.getState().run();

    const { areas, failed } = snapshotDataAreas();
    expect(areas['test/snap-courses']).toEqual({ key: '[]', data: ['course a'] });
    expect(areas['test/snap-course']).toEqual({ key: '["42"]', data: 'course 42' });
    expect(areas['test/snap-unused']).toBeUndefined();
    expect(failed).toContain('test/snap-failing');
  });

  it('an area made after the restore starts from the page it takes over, and calls nothing for it', async () => {
    restoreDataAreas({ 'test/restored': { key: '["42"]', data: 'course 42 as prerendered' } });
    const request = jest.fn(async (id: string) => `course ${id}`);
    const useArea = createDataArea('test/restored', request);

    expect(useArea.getState()).toMatchObject({ data: 'course 42 as prerendered', isSuccess: true });
    await useArea.getState().load('42');
    expect(request).not.toHaveBeenCalled();

    await useArea.getState().load('43');
    expect(request).toHaveBeenCalledWith('43');
    restoreDataAreas({});
  });

  it('React reads what an area holds now while it prerenders or takes a page over (its server snapshot)', async () => {
    const useArea: DataAreaStore<string, [string]> = createDataArea('test/server-snapshot', async (id: string) => `course ${id}`);
    function Course({ id }: { id: string }) {
      const { data } = useDataAreaFor(useArea, id);
      return <p>{data ?? 'loading'}</p>;
    }
    await useArea.getState().run('42');
    // zustand's own server snapshot is the initial state: the page would have been made of 'loading'.
    expect(renderToString(<Course id="42" />)).toBe('<p>course 42</p>');
  });
});

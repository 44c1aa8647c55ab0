import { ApiError } from '../errors';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { createDataArea, markPageTakenOver, restoreDataAreas, snapshotDataAreas, useDataAreaFor, type DataAreaStore } from '../data-area';

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

  it('an area read on every visit asks again at each load, showing the answer it holds while it does, and once for two loads at once', async () => {
    const answers = ['first list', 'second list'];
    const useArea = createDataArea('test/every-visit', async () => answers.shift()!, { everyVisit: true });
    await Promise.all([useArea.getState().load(), useArea.getState().load()]);
    expect(answers).toEqual(['second list']);
    const second = useArea.getState().load();
    expect(useArea.getState()).toMatchObject({ isLoading: true, data: 'first list' });
    await expect(second).resolves.toBe('second list');
    expect(useArea.getState()).toMatchObject({ isSuccess: true, data: 'second list' });
  });

  it('load shows an answer held for more than a moment and asks again in the background (a page visited again)', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const answers = ['first list', 'second list'];
    const useArea = createDataArea('test/visited-again', async () => answers.shift()!);
    await useArea.getState().load();
    now.mockReturnValue(1_000_000 + 4_000);
    await useArea.getState().load();
    expect(useArea.getState().data).toBe('first list');
    expect(answers).toEqual(['second list']);

    now.mockReturnValue(1_000_000 + 60_000);
    await expect(useArea.getState().load()).resolves.toBe('first list');
    expect(useArea.getState().isLoading).toBe(false);
    await waitFor(() => expect(useArea.getState().data).toBe('second list'));
    now.mockRestore();
  });

  it('prefetch asks for the next page ahead and leaves the page shown as it is; that page’s load takes the answer', async () => {
    const asked: string[] = [];
    const useArea = createDataArea('test/ahead', async (id: string) => {
      asked.push(id);
      return `post ${id}`;
    });
    await useArea.getState().load('a');
    useArea.getState().prefetch('b');
    useArea.getState().prefetch('b');
    expect(useArea.getState()).toMatchObject({ data: 'post a', isSuccess: true, key: '["a"]' });
    await expect(useArea.getState().load('b')).resolves.toBe('post b');
    expect(asked).toEqual(['a', 'b']);
    expect(useArea.getState()).toMatchObject({ data: 'post b', isSuccess: true });
  });

  it('an answer asked ahead and left for more than a moment is asked again when its page comes', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(2_000_000);
    const asked: string[] = [];
    const useArea = createDataArea('test/ahead-old', async (id: string) => {
      asked.push(id);
      return `post ${id}`;
    });
    useArea.getState().prefetch('b');
    now.mockReturnValue(2_000_000 + 60_000);
    await useArea.getState().load('b');
    expect(asked).toEqual(['b', 'b']);
    now.mockRestore();
  });

  it('a page never shows the answer its area holds for another page (one post, then another)', async () => {
    const useArea: DataAreaStore<string, [string]> = createDataArea('test/other-page', async (id: string) => `post ${id}`);
    function Post({ id }: { id: string }) {
      const { data, isLoading } = useDataAreaFor(useArea, id);
      return <p>{isLoading ? 'loading' : data}</p>;
    }
    await useArea.getState().run('a');
    expect(renderToString(<Post id="b" />)).toBe('<p>loading</p>');
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

  afterEach(() => {
    markPageTakenOver();
    restoreDataAreas({ areas: {} });
    markPageTakenOver();
  });

  it('an area made after the restore starts from the page it takes over, and calls nothing until it is taken over', async () => {
    restoreDataAreas({ areas: { 'test/restored': { key: '["42"]', data: 'course 42 as prerendered' } } });
    const request = jest.fn(async (id: string) => `course ${id}`);
    const useArea = createDataArea('test/restored', request);

    expect(useArea.getState()).toMatchObject({ data: 'course 42 as prerendered', isSuccess: true });
    await expect(useArea.getState().load('42')).resolves.toBe('course 42 as prerendered');
    expect(request).not.toHaveBeenCalled();

    // Another course is not the page's: it is asked for at once.
    await useArea.getState().load('43');
    expect(request).toHaveBeenCalledWith('43');
  });

  it('once the page is taken over, each area on it asks again and shows the answer that changed, in place', async () => {
    restoreDataAreas({ areas: { 'test/revalidated': { key: '[]', data: ['HACCP'] } } });
    const request = jest.fn(async () => ['HACCP', 'ISO 22000']);
    const useArea = createDataArea('test/revalidated', request);
    const states: unknown[] = [];
    useArea.subscribe((state) => states.push(state));

    await useArea.getState().load();
    expect(request).not.toHaveBeenCalled();
    markPageTakenOver();
    await waitFor(() => expect(useArea.getState().data).toEqual(['HACCP', 'ISO 22000']));
    expect(request).toHaveBeenCalledTimes(1);
    // No loading state on the way: the page never shows placeholders over what it showed.
    expect(states).toEqual([expect.objectContaining({ data: ['HACCP', 'ISO 22000'], isSuccess: true, isLoading: false })]);
  });

  it('asks once after the take-over, even when its page loads it again before the browser is idle', async () => {
    restoreDataAreas({ areas: { 'test/asked-once': { key: '["42"]', data: 'course 42 as prerendered' } } });
    const request = jest.fn(async (id: string) => `course ${id} now`);
    const useArea = createDataArea('test/asked-once', request);
    await useArea.getState().load('42');
    markPageTakenOver();
    // The page's own code mounts after the take-over (a slow phone) and loads its area before the idle callback.
    await useArea.getState().load('42');
    await waitFor(() => expect(useArea.getState().data).toBe('course 42 now'));
    await new Promise((idle) => setTimeout(idle, 600));
    // A second read would find no held ETag and go through the transport (axios) on the page's first load.
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('an answer that did not change (a 304, or the same body) changes nothing on the page', async () => {
    restoreDataAreas({ areas: { 'test/unchanged': { key: '[]', data: ['HACCP'] }, 'test/not-modified': { key: '[]', data: ['ISO'] } } });
    const same = jest.fn(async () => ['HACCP']);
    const notModified = jest.fn(async (): Promise<string[]> => {
      throw new ApiError({ message: 'Error getting courses', kind: 'http', status: 304, detail: 'GET course answered 304' });
    });
    const areas = [createDataArea('test/unchanged', same), createDataArea('test/not-modified', notModified)];
    const changes = jest.fn();
    for (const area of areas) {
      area.subscribe(changes);
      await area.getState().load();
    }
    markPageTakenOver();
    await waitFor(() => expect(notModified).toHaveBeenCalled());
    await waitFor(() => expect(same).toHaveBeenCalled());
    await Promise.resolve();
    expect(changes).not.toHaveBeenCalled();
    expect(areas.map((area) => area.getState().data)).toEqual([['HACCP'], ['ISO']]);
  });

  it('a revalidation that fails or finds the body malformed keeps what the page shows, silently', async () => {
    restoreDataAreas({ areas: { 'test/failing-revalidation': { key: '[]', data: ['HACCP'] } } });
    const request = jest.fn(async (): Promise<string[]> => {
      throw new ApiError({ message: 'Error getting courses', kind: 'malformed', detail: 'does not match the contract' });
    });
    const useArea = createDataArea('test/failing-revalidation', request);
    await useArea.getState().load();
    markPageTakenOver();
    await waitFor(() => expect(request).toHaveBeenCalled());
    await Promise.resolve();
    expect(useArea.getState()).toMatchObject({ data: ['HACCP'], isSuccess: true, isError: false, message: '' });
  });

  it('a newer call wins over a revalidation still in flight', async () => {
    const late = deferred<string>();
    restoreDataAreas({ areas: { 'test/superseded': { key: '[]', data: 'as prerendered' } } });
    const request = jest.fn().mockReturnValueOnce(late.promise).mockResolvedValueOnce('from Try again');
    const useArea = createDataArea('test/superseded', request as () => Promise<string>);
    await useArea.getState().load();
    markPageTakenOver();
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    await useArea.getState().run();
    late.resolve('late revalidation');
    await late.promise;
    await Promise.resolve();
    expect(useArea.getState().data).toBe('from Try again');
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

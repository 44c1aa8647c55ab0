import { act as inReact, renderHook } from '@testing-library/react';
import { ApiError } from '@agri/api-client';
import { toast } from '../toasts/toast';
import { useAction } from './use-action';

jest.mock('../toasts/toast', () => ({ toast: { success: jest.fn(), info: jest.fn(), error: jest.fn() } }));
const shown = toast as jest.Mocked<typeof toast>;
beforeEach(() => jest.clearAllMocks());

test('busy while the work runs, then the toast of what was done', async () => {
  const { result } = renderHook(() => useAction());
  let finish!: () => void;
  let done!: Promise<boolean>;
  inReact(() => {
    done = result.current.act(() => new Promise<void>((resolve) => (finish = resolve)), {
      done: 'Order moved to Processing',
      failed: 'Could not change the order',
    });
  });
  expect(result.current.busy).toBe(true);
  await inReact(async () => {
    finish();
    await expect(done).resolves.toBe(true);
  });
  expect(result.current.busy).toBe(false);
  expect(shown.success).toHaveBeenCalledWith('Order moved to Processing');
  expect(shown.error).not.toHaveBeenCalled();
});

test('a failure says the error’s own message, else the words given, or what the page says whatever the error', async () => {
  const { result } = renderHook(() => useAction());
  const refused = new ApiError({
    message: 'An order that is Delivered can no longer be cancelled',
    kind: 'http',
    status: 409,
    detail: 'PUT user/updateOrder answered 409',
  });
  await inReact(async () => {
    await expect(result.current.act(() => Promise.reject(refused), { failed: 'Could not change the order' })).resolves.toBe(false);
    await result.current.act(() => Promise.reject('not an error'), { failed: 'Could not change the order' });
    await result.current.act(() => Promise.reject(refused), { failed: () => 'Something Went Wrong!' });
  });
  expect(shown.error.mock.calls).toEqual([
    ['An order that is Delivered can no longer be cancelled'],
    ['Could not change the order'],
    ['Something Went Wrong!'],
  ]);
  expect(result.current.busy).toBe(false);
});

test('an info toast where the spec shows one, none when no words are given, and the key of what is being done', async () => {
  const { result } = renderHook(() => useAction<string>());
  let finish!: () => void;
  inReact(() => {
    void result.current.act(
      () => new Promise<void>((resolve) => (finish = resolve)),
      { done: 'Order Cancelled Successfully!', doneAs: 'info', failed: 'x' },
      'course-7',
    );
  });
  expect(result.current.busyWith).toBe('course-7');
  await inReact(async () => finish());
  expect(result.current.busyWith).toBeNull();
  expect(shown.info).toHaveBeenCalledWith('Order Cancelled Successfully!');
  await inReact(() => result.current.act(() => Promise.resolve(), { done: null, failed: 'x' }));
  expect(shown.success).not.toHaveBeenCalled();
});

import { act, render, screen } from '@testing-library/react';
import { keepToastsForNextPage, toast } from './toast';
import { ToastArea } from './toast-area';

test('the toast container comes with the first toast, and shows it', async () => {
  const { container } = render(<ToastArea />);
  expect(container.querySelector('.Toastify')).toBeNull();

  // The area mounts the container as the toast is asked for, as a click handler would.
  act(() => toast.success('Course link copied to clipboard!'));

  const shown = await screen.findByText('Course link copied to clipboard!');
  expect(shown.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
});

test('a page loaded next keeps the toasts of the last few seconds, not the older ones', () => {
  const later = Date.now() + 600_000;
  const now = jest.spyOn(Date, 'now').mockReturnValue(later);
  toast.info('Said a minute ago');
  now.mockReturnValue(later + 60_000);
  toast.info('User Logged in Successfully!');
  keepToastsForNextPage();
  expect(JSON.parse(sessionStorage.getItem('ui:toasts-for-next-page') ?? 'null')).toEqual([{ kind: 'info', message: 'User Logged in Successfully!' }]);
  now.mockRestore();
});

test('the next page shows, once, the toasts the page before kept for it, and nothing that is not one', async () => {
  sessionStorage.setItem(
    'ui:toasts-for-next-page',
    JSON.stringify([{ kind: 'info', message: 'User Logged in Successfully!' }, { kind: 'alert', message: 'not a kind' }, 'junk']),
  );
  render(<ToastArea />);
  const shown = await screen.findByText('User Logged in Successfully!');
  expect(shown.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
  expect(screen.queryByText('not a kind')).toBeNull();
  expect(sessionStorage.getItem('ui:toasts-for-next-page')).toBeNull();
});

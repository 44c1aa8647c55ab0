import { act, render, screen } from '@testing-library/react';
import { toast } from './toast';
import { ToastArea } from './toast-area';

test('the toast container comes with the first toast, and shows it', async () => {
  const { container } = render(<ToastArea />);
  expect(container.querySelector('.Toastify')).toBeNull();

  // The area mounts the container as the toast is asked for, as a click handler would.
  act(() => toast.success('Course link copied to clipboard!'));

  const shown = await screen.findByText('Course link copied to clipboard!');
  expect(shown.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
});

import { render, screen } from '@testing-library/react';
import { FormSubmit } from './form-submit';

test('the end of a form: the failure announced above its one send button, which waits and says so while the form is sent', () => {
  const { rerender } = render(<FormSubmit failure={null} busy={false} label="Log In" busyLabel="Logging in..." />);
  expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  expect(screen.getByRole('button', { name: 'Log In' })).toHaveAttribute('type', 'submit');

  rerender(<FormSubmit failure={null} busy label="Log In" busyLabel="Logging in..." />);
  expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();

  rerender(<FormSubmit failure="Invalid email or password" busy={false} label="Log In" busyLabel="Logging in..." wide />);
  expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(screen.getByRole('button', { name: 'Log In' })).toHaveClass('ui-form-submit--wide');
});

test('a step that is no submit (a link’s confirmation) gets a plain button that calls it', () => {
  const confirm = jest.fn();
  render(<FormSubmit failure={null} busy={false} label="Confirm New Email" busyLabel="Confirming..." onClick={confirm} />);
  screen.getByRole('button', { name: 'Confirm New Email' }).click();
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button')).toHaveAttribute('type', 'button');
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogOnDemand } from './dialog-on-demand';

function Greeting({ name }: { name: string }) {
  return <p>{`Dialog for ${name}`}</p>;
}

test('nothing is loaded until the dialog is wanted', () => {
  const load = jest.fn(async () => ({ default: Greeting }));
  render(<DialogOnDemand name="test-unwanted" load={load} wanted={false} props={{ name: 'a course' }} />);
  expect(load).not.toHaveBeenCalled();
});

test('a dialog whose code does not arrive says so, and Try again brings it', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  let attempts = 0;
  const load = async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('Loading chunk 12 failed');
    return { default: Greeting };
  };
  render(<DialogOnDemand name="test-flaky" load={load} wanted props={{ name: 'a course' }} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The form could not be loaded.');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Dialog for a course')).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
  consoleError.mockRestore();
});

import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types each value into the field of that label (an empty value leaves its field empty), then presses the form's button. */
export async function submitForm(user: UserEvent, button: string, fields: Record<string, string | undefined> = {}): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: button }));
}

/** Asserts that the form says each of these messages; the first is awaited, as the form checks after the submit. */
export async function expectMessages(first: string, ...rest: string[]): Promise<void> {
  expect(await screen.findByText(first)).toBeInTheDocument();
  for (const message of rest) expect(screen.getByText(message)).toBeInTheDocument();
}

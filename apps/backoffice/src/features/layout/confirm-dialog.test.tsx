import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

function renderAsking() {
  const onConfirm = jest.fn();
  const onKeep = jest.fn();
  render(
    <ConfirmDialog title="Delete “Field day”?" confirm="Delete" onConfirm={onConfirm} onKeep={onKeep}>
      It leaves the library for good.
    </ConfirmDialog>,
  );
  return { onConfirm, onKeep, dialog: screen.getByRole('dialog', { name: 'Delete “Field day”?' }) };
}

describe('ConfirmDialog', () => {
  it('says what cannot be undone and acts only on its action', async () => {
    const { onConfirm, onKeep, dialog } = renderAsking();
    expect(dialog).toHaveTextContent('It leaves the library for good.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onKeep).not.toHaveBeenCalled();
  });

  it("keeps things as they are on 'Keep it' and on Escape", async () => {
    const { onConfirm, onKeep } = renderAsking();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Escape}');
    expect(onKeep).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

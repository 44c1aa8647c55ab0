import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Dialog } from './dialog';

function Example({ closeOnBackdropClick }: { closeOnBackdropClick?: boolean }) {
  const [open, setOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#behind">Link behind</a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Book this event"
        closeOnBackdropClick={closeOnBackdropClick}
        initialFocusRef={closeOnBackdropClick === false ? emailRef : undefined}
      >
        <label htmlFor="name">Name</label>
        <input id="name" />
        <label htmlFor="email">Email</label>
        <input id="email" ref={emailRef} />
        <button type="button">Send</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, with focus on the first field', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Book this event' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('never puts the first focus into an embedded frame, whose keys would not reach the dialog', async () => {
    const user = userEvent.setup();
    render(
      <Dialog open onClose={() => {}} title="Our video">
        <iframe title="Video" src="about:blank" />
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Our video' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('moves focus to the element it is given', async () => {
    const user = userEvent.setup();
    render(<Example closeOnBackdropClick={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside and makes the page behind inert', async () => {
    const user = userEvent.setup();
    const { container } = render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(container).toHaveAttribute('inert');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('brings focus back when something outside takes it', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    screen.getByRole('link', { hidden: true }).focus();
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['the close button', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
    ['a click on the backdrop', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByTestId('dialog-backdrop'))],
  ])('closes on %s and returns focus to the opener', async (_how, close) => {
    const user = userEvent.setup();
    const { container } = render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(container).not.toHaveAttribute('inert');
  });

  it('returns focus to the element it is told to, wherever focus was when it opened', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      const opener = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button ref={opener} type="button">
            Request Call
          </button>
          {/* Focus moved on while the dialog's code arrived. */}
          <button type="button" onClick={() => setOpen(true)}>
            Elsewhere
          </button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Request a call" returnFocusRef={opener}>
            <input aria-label="Full name" />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Request Call' })).toHaveFocus();
  });

  it('stays open on a backdrop click when told to', async () => {
    const user = userEvent.setup();
    render(<Example closeOnBackdropClick={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

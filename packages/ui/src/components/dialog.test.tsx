import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { Dialog, usePageDialog } from './dialog';

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

// The browser's <dialog> does the modal part (the top layer, the page behind inert, Tab kept inside, focus back where
// it was): the e2e suites see it. jsdom has none of it (a stand-in opens and closes: tooling/test-runners/jest/setup.ts);
// these tests hold what the component does with it.
describe('Dialog', () => {
  it('is a modal dialog named by its title, with focus on the first field', async () => {
    const user = userEvent.setup();
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Example />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Book this event' })).toHaveAttribute('open');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    showModal.mockRestore();
  });

  it('never puts the first focus into an embedded frame, whose keys would not reach the dialog', () => {
    render(
      <Dialog open onClose={() => {}} title="Our video">
        <iframe title="Video" src="about:blank" />
      </Dialog>,
    );
    expect(screen.getByTitle('Video')).not.toHaveFocus();
  });

  it('moves focus to the element it is given', async () => {
    const user = userEvent.setup();
    render(<Example closeOnBackdropClick={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['the close button', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
    ['a tap beside it', async () => fireEvent.click(screen.getByRole('dialog'))],
  ])('closes on %s, and its owner hears of it', async (_how, close) => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opened again: the owner's state went back to closed.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
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

  it('a form’s stays open on a tap beside it, and closes only on request (Escape)', async () => {
    const user = userEvent.setup();
    render(<Example closeOnBackdropClick={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('closedby', 'closerequest');
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('kept in the page, it is there closed, opened by its button’s command; one the page opened before the code is taken over', () => {
    const opened = jest.fn();
    function Booking() {
      const { button, dialog } = usePageDialog('booking');
      return (
        <>
          <button type="button" {...button}>
            Book Event
          </button>
          <Dialog
            {...dialog}
            onOpened={() => {
              opened();
              dialog.onOpened?.();
            }}
            title="Book this event"
          >
            <input aria-label="Full name" />
          </Dialog>
        </>
      );
    }
    const page = <Booking />;
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page);
    expect(container.querySelector('button')).toHaveAttribute('commandfor', 'booking');
    expect(container.querySelector('dialog#booking')).not.toHaveAttribute('open');
    expect(container.querySelector('input')).toBeInTheDocument();
    // The visitor's tap, before the code came: the browser opened it, and typed.
    container.querySelector('dialog')!.setAttribute('open', '');
    container.querySelector('input')!.value = 'Wanjiru';
    render(page, { container, hydrate: true });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Book this event' })).toHaveAttribute('open');
    expect(screen.getByLabelText('Full name')).toHaveValue('Wanjiru');
    // Its owner knows it is open: closed from its button, it closes.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Event' })).toHaveFocus();
  });
});

import { apiUrl, delayedResponse, errorResponse, fixtures, networkFailure } from '@agri/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderCatalog, server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';

resetCatalogStoresBetweenTests();

const course = fixtures.courses[0]!;

async function openDialog() {
  const user = userEvent.setup();
  renderCatalog(`/course/${course._id}`);
  const opener = await screen.findByRole('button', { name: 'Request Call' });
  await user.click(opener);
  // The dialog's code arrives when it is first opened.
  const dialog = await screen.findByRole('dialog', { name: 'Request a call' });
  return { user, opener, dialog };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Full name'), 'Grace Muthoni');
  await user.type(within(dialog).getByLabelText('Email'), 'grace@example.co.ke');
  await user.type(within(dialog).getByLabelText('Phone number'), '0712 345 678');
  await user.selectOptions(within(dialog).getByLabelText(/Preferred contact method/), 'WhatsApp');
}

describe('call-request dialog', () => {
  it('opens with focus on the first field, labelled by its title, with the phone prefix', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Full name')).toHaveFocus();
    expect(within(dialog).getByText('+ 254')).toBeInTheDocument();
    expect(within(dialog).getByText(course.title)).toBeInTheDocument();
  });

  it('sends the contact details and the course, then confirms', async () => {
    let sent: unknown = null;
    server.use(
      http.post(apiUrl('course-request/', 'requests'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...fixtures.courseCallRequest, ...(sent as object) });
      }),
    );
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));

    expect(await screen.findByText('Booking Created successfully!')).toBeInTheDocument();
    expect(sent).toEqual({
      contactDetails: { name: 'Grace Muthoni', email: 'grace@example.co.ke', phone: '+254712345678', contactMethod: 'WhatsApp' },
      course: { id: course._id, title: course.title, price: course.price, duration: course.duration },
    });
    expect(within(dialog).getByRole('heading', { name: 'Your Call Request has been received!' })).toHaveFocus();
    expect(within(dialog).getByText('Kindly wait for our team to reach out to you as soon as possible.')).toBeInTheDocument();
  });

  it("reads 'Processing...' while sending", async () => {
    server.use(delayedResponse('post', 'course-request/', 300, { base: 'requests' }));
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await within(dialog).findByRole('heading', { name: 'Your Call Request has been received!' })).toBeInTheDocument();
  });

  it('Back closes the confirmation and returns focus to Request Call', async () => {
    const { user, opener, dialog } = await openDialog();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // A new opening starts with an empty form again.
    await user.click(opener);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('Go to Homepage leaves for the home page', async () => {
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Go to Homepage' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message and keeps what was typed", async () => {
    server.use(
      errorResponse('post', 'course-request/', { base: 'requests', status: 429, message: 'Too many requests, try again later' }),
    );
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));
    // Once as a toast, once in the dialog (the page behind it, toasts included, is inert).
    await waitFor(() => expect(screen.getAllByText('Too many requests, try again later')).toHaveLength(2));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Too many requests, try again later');
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Grace Muthoni');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('grace@example.co.ke');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('0712 345 678');
    expect(within(dialog).getByRole('button', { name: 'Request Call' })).toBeEnabled();
  });

  it("shows 'Something went wrong!' when the API cannot be reached", async () => {
    server.use(networkFailure('post', 'course-request/', { base: 'requests' }));
    const { user, dialog } = await openDialog();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));
    await waitFor(() => expect(screen.getAllByText('Something went wrong!')).toHaveLength(2));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Something went wrong!');
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Grace Muthoni');
  });

  it('asks for name, email and phone, and checks the email, before sending', async () => {
    let calls = 0;
    server.events.on('request:start', () => {
      calls += 1;
    });
    const { user, dialog } = await openDialog();
    const callsBefore = calls;
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));

    const name = within(dialog).getByLabelText('Full name');
    expect(name).toHaveAccessibleDescription('Name is Required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is Required');
    expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription('+ 254 Phone Number is Required');

    await user.type(within(dialog).getByLabelText('Email'), 'grace@');
    await user.click(within(dialog).getByRole('button', { name: 'Request Call' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email should be valid.'));
    expect(calls).toBe(callsBefore);
    server.events.removeAllListeners();
  });

  it('Cancel closes and returns focus to Request Call', async () => {
    const { user, opener, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Escape closes it', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const submit = within(dialog).getByRole('button', { name: 'Request Call' });
    submit.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
  });
});

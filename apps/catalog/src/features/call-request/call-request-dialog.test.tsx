import { errorResponse, fixtures, networkFailure } from '@agri/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';
import { itBehavesLikeARequestDialog, requestDialogTesting } from '../../testing/request-dialog';

resetCatalogStoresBetweenTests();

const course = fixtures.courses[0]!;

const callRequestDialog = requestDialogTesting({
  page: `/course/${course._id}`,
  visitor: { name: 'Grace Muthoni', email: 'grace@example.co.ke', phone: '0712 345 678', contactMethod: 'WhatsApp' },
  opens: { button: 'Request Call', dialog: 'Request a call' },
  sends: { button: 'Request Call', to: 'course-request/', received: 'Your Call Request has been received!' },
});

/**
 * Sends the form to a failure: `message` shows once as a toast and once in the dialog (the page behind it, toasts
 * included, is inert), and the form is kept as typed.
 */
async function expectFailureKeepingTheForm(message: string) {
  const { dialog } = await callRequestDialog.openAndSend();
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
  expect(within(dialog).getByLabelText('Full name')).toHaveValue('Grace Muthoni');
  return dialog;
}

describe('call-request dialog', () => {
  itBehavesLikeARequestDialog(callRequestDialog);

  it('opens with focus on the first field, labelled by its title, with the phone prefix', async () => {
    const { dialog } = await callRequestDialog.open();
    // Shown modal, the browser's way (the page behind inert, Tab kept inside: the e2e suites see it).
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByLabelText('Full name')).toHaveFocus();
    expect(within(dialog).getByText('+ 254')).toBeInTheDocument();
    expect(within(dialog).getByText(course.title)).toBeInTheDocument();
  });

  it('sends the contact details and the course, then confirms', async () => {
    const request = callRequestDialog.recordRequest(fixtures.courseCallRequest);
    const { dialog } = await callRequestDialog.openAndSend();

    expect(await screen.findByText('Booking Created successfully!')).toBeInTheDocument();
    expect(request.sent).toEqual({
      contactDetails: { name: 'Grace Muthoni', email: 'grace@example.co.ke', phone: '254712345678', contactMethod: 'WhatsApp' },
      course: { id: course._id, title: course.title, price: course.price, duration: course.duration },
    });
    expect(within(dialog).getByRole('heading', { name: 'Your Call Request has been received!' })).toHaveFocus();
    expect(within(dialog).getByText('Kindly wait for our team to reach out to you as soon as possible.')).toBeInTheDocument();
  });

  it('Back closes the confirmation and returns focus to Request Call', async () => {
    const { user, opener, dialog } = await callRequestDialog.openAndSend();
    await user.click(await within(dialog).findByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // A new opening starts with an empty form again.
    await user.click(opener);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('Go to Homepage leaves for the home page', async () => {
    const { user, dialog } = await callRequestDialog.openAndSend();
    await user.click(await within(dialog).findByRole('button', { name: 'Go to Homepage' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message and keeps what was typed", async () => {
    server.use(errorResponse('post', 'course-request/', { base: 'requests', status: 429, message: 'Too many requests, try again later' }));
    const dialog = await expectFailureKeepingTheForm('Too many requests, try again later');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('grace@example.co.ke');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('0712 345 678');
    expect(within(dialog).getByRole('button', { name: 'Request Call' })).toBeEnabled();
  });

  it("shows 'Something went wrong!' when the API cannot be reached", async () => {
    server.use(networkFailure('post', 'course-request/', { base: 'requests' }));
    await expectFailureKeepingTheForm('Something went wrong!');
  });

  it('asks for name, email and phone, and checks the email, before sending', async () => {
    let calls = 0;
    server.events.on('request:start', () => {
      calls += 1;
    });
    const { user, dialog } = await callRequestDialog.open();
    const callsBefore = calls;
    await callRequestDialog.send(user, dialog);

    const name = within(dialog).getByLabelText('Full name');
    expect(name).toHaveAccessibleDescription('Name is Required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email is Required');
    expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription('+ 254 Phone Number is Required');

    await user.type(within(dialog).getByLabelText('Email'), 'grace@');
    await callRequestDialog.send(user, dialog);
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email should be valid.'));
    expect(calls).toBe(callsBefore);
    server.events.removeAllListeners();
  });

  it('Escape closes it', async () => {
    const { user, opener } = await callRequestDialog.open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

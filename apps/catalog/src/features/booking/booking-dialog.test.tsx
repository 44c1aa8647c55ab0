import { apiUrl, errorResponse, fixtures, networkFailure } from '@agri/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';
import { itBehavesLikeARequestDialog, requestDialogTesting } from '../../testing/request-dialog';

resetCatalogStoresBetweenTests();

const forum = fixtures.events[0]!;

const bookingDialog = requestDialogTesting({
  page: `/event/${forum._id}`,
  visitor: { name: 'Peter Kiprono', email: 'peter@example.co.ke', phone: '722000111' },
  opens: { button: 'Book Event', dialog: 'Book this event' },
  sends: { button: 'Confirm Booking', to: 'booking/', received: 'Your booking has been received!' },
});

describe('booking dialog', () => {
  itBehavesLikeARequestDialog(bookingDialog);

  it('sends the contact details and the event, then confirms the booking', async () => {
    const request = bookingDialog.recordRequest(fixtures.booking);
    const { user, dialog } = await bookingDialog.open();
    expect(within(dialog).getByLabelText('Full name')).toHaveFocus();
    await bookingDialog.fillIn(user, dialog);
    await bookingDialog.send(user, dialog);

    expect(await screen.findByText('Booking Created successfully!')).toBeInTheDocument();
    expect(request.sent).toEqual({
      contactDetails: { name: 'Peter Kiprono', email: 'peter@example.co.ke', phone: '254722000111', contactMethod: '' },
      event: {
        id: forum._id,
        title: forum.title,
        startDate: forum.startDate,
        endDate: forum.endDate,
        price: forum.price,
        venue: forum.venue,
        city: forum.city,
      },
    });
    expect(within(dialog).getByRole('heading', { name: 'Your booking has been received!' })).toBeInTheDocument();
    expect(within(dialog).getByText('Kindly wait for our team to reach out to you as soon as possible.')).toBeInTheDocument();
  });

  it('takes the number as people write it, with a 0 and dashes, and sends it as the contract stores it', async () => {
    const request = bookingDialog.recordRequest(fixtures.booking);
    const { user, dialog } = await bookingDialog.open();
    await user.type(within(dialog).getByLabelText('Full name'), 'Achieng Otieno');
    await user.type(within(dialog).getByLabelText('Email'), 'achieng@example.co.ke');
    await user.type(within(dialog).getByLabelText('Phone number'), '0712-345-678');
    await bookingDialog.send(user, dialog);
    expect(await screen.findByText('Booking Created successfully!')).toBeInTheDocument();
    expect(request.sent).toMatchObject({ contactDetails: { phone: '254712345678' } });
  });

  it("sends 'Venue TBD' and 'City TBD' for an event without a venue", async () => {
    const { venue: _venue, city: _city, ...unplaced } = forum;
    server.use(http.get(apiUrl('event/:id'), () => HttpResponse.json({ data: unplaced })));
    const request = bookingDialog.recordRequest(fixtures.booking);
    const { dialog } = await bookingDialog.openAndSend();
    await within(dialog).findByRole('heading', { name: 'Your booking has been received!' });
    expect((request.sent as { event?: unknown }).event).toMatchObject({ venue: 'Venue TBD', city: 'City TBD' });
  });

  it("shows the server's message and keeps the form as typed", async () => {
    server.use(errorResponse('post', 'booking/', { base: 'requests', status: 409, message: 'This event is fully booked' }));
    const { dialog } = await bookingDialog.openAndSend();
    await waitFor(() => expect(screen.getAllByText('This event is fully booked')).toHaveLength(2));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This event is fully booked');
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Peter Kiprono');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('722000111');
    expect(within(dialog).queryByRole('heading', { name: 'Your booking has been received!' })).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong!' when the server gives no message or cannot be reached", async () => {
    server.use(errorResponse('post', 'booking/', { base: 'requests', status: 500 }));
    const { user, dialog } = await bookingDialog.openAndSend();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong!');
    expect(screen.getAllByText('Something went wrong!')).toHaveLength(2);

    server.use(networkFailure('post', 'booking/', { base: 'requests' }));
    await bookingDialog.send(user, dialog);
    // A second toast; the message in the dialog is replaced, not repeated.
    expect(await screen.findAllByText('Something went wrong!')).toHaveLength(3);
    expect(within(dialog).getByLabelText('Email')).toHaveValue('peter@example.co.ke');
  });

  it('checks the fields before sending', async () => {
    const { user, dialog } = await bookingDialog.open();
    await user.type(within(dialog).getByLabelText('Full name'), 'Peter');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Phone number'), 'call me');
    await bookingDialog.send(user, dialog);
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email should be valid.');
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription('+ 254 Enter a Kenyan mobile number, such as 0712 345 678');
    expect(within(dialog).getByLabelText('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

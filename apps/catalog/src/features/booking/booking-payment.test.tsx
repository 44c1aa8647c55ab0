// Paying a paid event's booking from its confirmation, against the contract's mock API: it answers a paid event's
// booking with the token that pays it, and settles a payment the first time it is asked after, by the phone's last
// digit, as the kit's Daraja simulator does (1 is cancelled on the phone, others pay).
import { configureApi, getApiSettings } from '@agri/api-client';
import { apiUrl, fixtures } from '@agri/api-client/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { resetCatalogStoresBetweenTests, server } from '../../testing/render-catalog';
import { requestDialogTesting } from '../../testing/request-dialog';

resetCatalogStoresBetweenTests();

/** The page asks how a payment stands every 2.5 s: a wait for what it shows after one ask. */
const AFTER_AN_ASK = { timeout: 5000 };

const bookingOf = (event: (typeof fixtures.events)[number]) =>
  requestDialogTesting({
    page: `/event/${event._id}`,
    visitor: { name: 'Peter Kiprono', email: 'peter@example.co.ke', phone: '722000118' },
    opens: { button: 'Book Event', dialog: 'Book this event' },
    sends: { button: 'Confirm Booking', to: 'booking/', received: 'Your booking has been received!' },
  });
const paidEvent = fixtures.events.find((event) => event.price > 0)!;
const freeEvent = fixtures.events.find((event) => event.price === 0)!;

let settings: ReturnType<typeof getApiSettings>;
beforeEach(() => {
  settings = getApiSettings();
  configureApi({ ...settings, mpesa: true });
});
afterEach(() => {
  configureApi(settings);
  server.events.removeAllListeners();
});

describe('paying a booking by M-Pesa', () => {
  it('offers a paid event’s seat to pay, asks the phone the visitor gave, and shows it paid', async () => {
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/payments/booking'))
        void request
          .clone()
          .json()
          .then((body) => sent.push(body));
    });
    const { user, dialog } = await bookingOf(paidEvent).openAndSend();
    await within(dialog).findByRole('heading', { name: 'Your booking has been received!' });
    expect(
      within(dialog).getByText(`Pay KES ${paidEvent.price.toLocaleString('en-KE')} for your seat now with M-Pesa, or later when our team calls.`),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay with M-Pesa' }));
    // The number the booking gave, as the visitor knows it.
    expect(await within(dialog).findByRole('textbox', { name: 'M-Pesa Number' })).toHaveValue('0722 000 118');
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Request' }));
    expect(await within(dialog).findByText('Check your phone and enter your M-Pesa PIN')).toBeInTheDocument();
    expect(await within(dialog).findByText('Payment received', { selector: 'p' }, AFTER_AN_ASK)).toBeInTheDocument();
    expect(sent).toEqual([{ bookingId: expect.any(String), bookingToken: expect.stringMatching(/^token-of-/), phone: '254722000118' }]);
  });

  it('takes another number after the phone cancelled it', async () => {
    const { user, dialog } = await bookingOf(paidEvent).openAndSend();
    await user.click(await within(dialog).findByRole('button', { name: 'Pay with M-Pesa' }));
    const phone = await within(dialog).findByRole('textbox', { name: 'M-Pesa Number' });
    await user.clear(phone);
    await user.type(phone, '0712 345 671');
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Request' }));
    expect(await within(dialog).findByText('The payment was cancelled on your phone.', {}, AFTER_AN_ASK)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use Another Number' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'M-Pesa Number' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'M-Pesa Number' }), '0712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Send Payment Request' }));
    expect(await within(dialog).findByText('Payment received', { selector: 'p' }, AFTER_AN_ASK)).toBeInTheDocument();
  });

  it('says a booking sent again is already paid', async () => {
    server.use(
      http.post(apiUrl('booking/', 'requests'), () =>
        HttpResponse.json({ ...fixtures.booking, event: { ...fixtures.booking.event, price: paidEvent.price }, paidAt: '2026-11-28T08:00:00.000Z' }),
      ),
    );
    const { dialog } = await bookingOf(paidEvent).openAndSend();
    expect(await within(dialog).findByText('Your seat is paid. Thank you.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Pay with M-Pesa' })).not.toBeInTheDocument();
  });

  it('offers nothing to pay for a free event', async () => {
    const { dialog } = await bookingOf(freeEvent).openAndSend();
    await within(dialog).findByRole('heading', { name: 'Your booking has been received!' });
    expect(within(dialog).queryByRole('button', { name: 'Pay with M-Pesa' })).not.toBeInTheDocument();
  });

  it('offers no payment where the API takes none', async () => {
    configureApi({ ...settings, mpesa: false });
    const { dialog } = await bookingOf(paidEvent).openAndSend();
    await within(dialog).findByRole('heading', { name: 'Your booking has been received!' });
    expect(screen.queryByRole('button', { name: 'Pay with M-Pesa' })).not.toBeInTheDocument();
  });
});

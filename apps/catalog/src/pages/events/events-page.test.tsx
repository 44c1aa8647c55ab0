import { apiUrl, errorResponse, fixtures } from '@agri/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatDateRange } from '@agri/ui/dates';
import { renderCatalog, renderCatalogWhileLoading, server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';
import { expectStillLoading } from '@agri/ui/testing';

resetCatalogStoresBetweenTests();

const [forum, bootcamp, pastClinic] = fixtures.events;

describe('/events', () => {
  it('shows four skeleton cards while loading', async () => {
    renderCatalogWhileLoading('/events', 'event');
    expect(screen.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
    expect(screen.getAllByTestId('event-skeleton-card')).toHaveLength(4);
    expectStillLoading('Loading events');
    expect(await screen.findByRole('heading', { name: forum!.title })).toBeInTheDocument();
    expect(screen.queryByTestId('event-skeleton-card')).not.toBeInTheDocument();
  });

  it('shows each upcoming event with dates, times, place, description, price and Book Now', async () => {
    renderCatalog('/events');
    const card = (await screen.findByRole('article', { name: forum!.title })) as HTMLElement;
    expect(card).toHaveTextContent(formatDateRange(forum!.startDate, forum!.endDate));
    expect(card).toHaveTextContent(/ - /);
    expect(card).toHaveTextContent('9:00 AM - 4:30 PM');
    expect(card).toHaveTextContent('Kenyatta International Convention Centre, Nairobi, Kenya');
    expect(card).toHaveTextContent('Regulators and processors on the new food safety rules.');
    expect(card).toHaveTextContent('KES 0');

    const oneDay = screen.getByRole('article', { name: bootcamp!.title });
    expect(oneDay).toHaveTextContent(formatDateRange(bootcamp!.startDate));
    expect(oneDay).not.toHaveTextContent(`${formatDateRange(bootcamp!.startDate)} - `);
    expect(oneDay).toHaveTextContent('KES 15,000');

    expect(screen.queryByRole('article', { name: pastClinic!.title })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('link', { name: `Book Now: ${forum!.title}` }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/event/${forum!._id}`);
  });

  it("fetches the top card's picture first (it is the largest paint on a phone) and the others when scrolled to", async () => {
    renderCatalog('/events');
    await screen.findByRole('article', { name: forum!.title });
    const [first, ...others] = screen.getAllByRole('article').map((card) => card.querySelector('img'));
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(others.length).toBeGreaterThan(0);
    for (const picture of others) expect(picture).toHaveAttribute('loading', 'lazy');
  });

  it('reads events as a MongoDB-style server sends them: date-times, string prices, 24-hex ids', async () => {
    // 06:00 UTC is 9:00 AM in Nairobi; the times come from the date-times when the server sends none.
    const { startTime: _s, endTime: _e, ...untimed } = forum!;
    const hosted = {
      ...untimed,
      _id: '6650f1c2a9b8e4d3c2b1a098',
      startDate: `${forum!.startDate}T06:00:00.000Z`,
      endDate: `${forum!.endDate}T13:30:00.000Z`,
      price: '2500',
      __v: 0,
    };
    server.use(http.get(apiUrl('event'), () => HttpResponse.json({ data: [hosted] })));
    renderCatalog('/events');
    const card = await screen.findByRole('article', { name: forum!.title });
    expect(card).toHaveTextContent(formatDateRange(forum!.startDate, forum!.endDate));
    expect(card).toHaveTextContent('9:00 AM - 4:30 PM');
    expect(card).toHaveTextContent('KES 2,500');
    expect(within(card).getByRole('link', { name: `Book Now: ${forum!.title}` })).toHaveAttribute('href', '/event/6650f1c2a9b8e4d3c2b1a098');
  });

  it('shows the valid events when one entry is broken, and reports the broken one once', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = { ...forum, _id: 'broken-event', startDate: 'next week' };
    server.use(http.get(apiUrl('event'), () => HttpResponse.json({ data: [broken, bootcamp] })));
    renderCatalog('/events');
    expect(await screen.findByRole('article', { name: bootcamp!.title })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: forum!.title })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^GET event: dropped entry broken-event, field "startDate"/));
    warn.mockRestore();
  });

  it("shows 'Venue TBD' and 'City TBD' when the place is not set", async () => {
    const { venue: _venue, city: _city, ...unplaced } = forum!;
    server.use(http.get(apiUrl('event'), () => HttpResponse.json({ data: [unplaced] })));
    renderCatalog('/events');
    expect(await screen.findByRole('article', { name: forum!.title })).toHaveTextContent('Venue TBD, City TBD, Kenya');
  });

  it('renders hostile description HTML without running it', async () => {
    server.use(
      http.get(apiUrl('event'), () =>
        HttpResponse.json({
          data: [{ ...forum, description: '<p>Forum notes</p><script>alert(1)</script><img src=x onerror="alert(1)">' }],
        }),
      ),
    );
    const { container } = renderCatalog('/events');
    expect(await screen.findByText('Forum notes')).toBeInTheDocument();
    expect(container.querySelector('script:not([type="application/ld+json"]), [onerror]')).toBeNull();
  });

  it("says 'No upcoming events.' when there are none", async () => {
    server.use(http.get(apiUrl('event'), () => HttpResponse.json({ data: [pastClinic] })));
    renderCatalog('/events');
    expect(await screen.findByRole('heading', { name: 'No upcoming events.' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the events cannot be loaded', async () => {
    server.use(errorResponse('get', 'event', { status: 503 }));
    renderCatalog('/events');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the events');
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: forum!.title })).toBeInTheDocument();
  });
});

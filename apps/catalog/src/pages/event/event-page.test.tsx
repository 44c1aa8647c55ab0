import { apiUrl, fixtures } from '@agri/api-client/testing';
import { formatDateRange } from '@agri/ui/dates';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderCatalog, renderCatalogWhileLoading, server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';
import { itShowsItemPageFailures } from '../../testing/item-page';
import { expectStillLoading } from '@agri/ui/testing';

resetCatalogStoresBetweenTests();

const forum = fixtures.events[0]!;

function fact(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/event/:id', () => {
  it('shows a skeleton while the event loads', async () => {
    renderCatalogWhileLoading(`/event/${forum._id}`, 'event/:id');
    expectStillLoading('Loading event');
    expect(await screen.findByRole('heading', { level: 1, name: forum.title })).toBeInTheDocument();
  });

  it('shows the event fetched by id with its booking card', async () => {
    renderCatalog(`/event/${forum._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: forum.title })).toBeInTheDocument();
    expect(screen.getByText(forum.speaker)).toBeInTheDocument();
    const [start, end] = formatDateRange(forum.startDate, forum.endDate).split(' - ');
    expect(fact('Start date')).toBe(start);
    expect(fact('End date')).toBe(end);
    expect(fact('Course length')).toBe('4 days');
    expect(fact('Class duration')).toBe('90 minutes');
    expect(screen.getByRole('region', { name: 'Overview' })).toHaveTextContent('Regulators and processors on the new food safety rules.');
    const booking = screen.getByRole('complementary', { name: 'Booking' });
    expect(booking).toHaveTextContent('KES 0');
    expect(screen.getByRole('button', { name: 'Book Event' })).toBeInTheDocument();

    const chat = screen.getByRole('link', { name: /Enquire on a chat service/ });
    const text = new URL(chat.getAttribute('href')!).searchParams.get('text');
    expect(text).toContain(forum.title);
    expect(text).toContain(window.location.href);
    expect(chat).toHaveAttribute('target', '_blank');
  });

  it("shows 'N/A' when the length and class duration are not set", async () => {
    const { courseLength: _length, classDuration: _duration, ...bare } = forum;
    server.use(http.get(apiUrl('event/:id'), () => HttpResponse.json({ data: bare })));
    renderCatalog(`/event/${forum._id}`);
    await screen.findByRole('heading', { level: 1, name: forum.title });
    expect(fact('Course length')).toBe('N/A');
    expect(fact('Class duration')).toBe('N/A');
  });

  it('renders a hostile overview without scripts or handlers', async () => {
    server.use(
      http.get(apiUrl('event/:id'), () =>
        HttpResponse.json({ data: { ...forum, description: '<p>Agenda</p><script>alert(1)</script><svg onload="alert(1)"></svg>' } }),
      ),
    );
    const { container } = renderCatalog(`/event/${forum._id}`);
    expect(await screen.findByText('Agenda')).toBeInTheDocument();
    expect(container.querySelector('script:not([type="application/ld+json"]), [onload]')).toBeNull();
  });

  itShowsItemPageFailures({
    thing: 'event',
    item: forum,
    notFound: { heading: 'Event not found', link: 'See upcoming events', to: '/events' },
    failure: 'We could not load this event',
  });
});

describe('/event/:id video', () => {
  it('loads the player only when the visitor presses play', async () => {
    const { container } = renderCatalog(`/event/${forum._id}`);
    const play = await screen.findByRole('button', { name: `Play the video about ${forum.title}` });
    expect(container.querySelector('iframe')).toBeNull();
    await userEvent.click(play);
    expect(screen.getByTitle(`Video: ${forum.title}`)).toBeInTheDocument();
  });
});

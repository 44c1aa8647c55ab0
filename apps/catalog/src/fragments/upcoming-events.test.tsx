import { apiUrl, fixtures, networkFailure } from '@agri/api-client/testing';
import { formatDateRange } from '@agri/ui/dates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderCatalog, renderCatalogWhileLoading, server, resetCatalogStoresBetweenTests } from '../testing/render-catalog';
import { expectStillLoading } from '@agri/ui/testing';

resetCatalogStoresBetweenTests();

const [forum, bootcamp, pastClinic] = fixtures.events;

describe('upcoming events fragment', () => {
  it('shows placeholders, then the upcoming events with their dates and a link each', async () => {
    renderCatalogWhileLoading('/fragment', 'event');
    expect(screen.getAllByTestId('upcoming-event-skeleton')).toHaveLength(3);
    expectStillLoading('Loading upcoming events');

    const link = await screen.findByRole('link', { name: `View event: ${forum!.title}` });
    expect(link).toHaveAttribute('href', `/event/${forum!._id}`);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(formatDateRange(forum!.startDate, forum!.endDate));
    expect(items[1]).toHaveTextContent(bootcamp!.title);
    expect(screen.queryByText(pastClinic!.title)).not.toBeInTheDocument();

    await userEvent.click(within(items[1]!).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/event/${bootcamp!._id}`);
  });

  it("says 'No upcoming events.' when there are none", async () => {
    server.use(http.get(apiUrl('event'), () => HttpResponse.json({ data: [] })));
    renderCatalog('/fragment');
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
  });

  it("says 'No upcoming events.' when the events cannot be loaded", async () => {
    server.use(networkFailure('get', 'event'));
    renderCatalog('/fragment');
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
  });
});

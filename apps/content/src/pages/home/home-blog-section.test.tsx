import { apiUrl, networkFailure, startMockApi } from '@agri/api-client/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useBlogStore, useBlogsStore } from '../../features/blog/blog-store';
import { makePost } from '../../testing/make-post';
import userEvent from '@testing-library/user-event';
import { expectStillLoading, renderPage } from '@agri/ui/testing';
import { HomeBlogSection } from './home-blog-section';

const server = startMockApi();
afterEach(() => [useBlogsStore, useBlogStore].forEach((store) => store.getState().reset()));

const longText = 'Aflatoxin control starts at harvest: dry maize to 13.5% moisture within 48 hours, store it on pallets and test every lot.';

describe('home blog section', () => {
  it('shows skeletons while the posts load', () => {
    renderPage(<HomeBlogSection />);
    expectStillLoading('Loading articles');
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
  });

  it('shows at most 2 col-1 and 3 col-2 posts, with 100-character previews and MMMM D YYYY dates', async () => {
    server.use(
      http.get(apiUrl('blog'), () =>
        HttpResponse.json([
          makePost({ _id: 'a', title: 'Large one', description: `<p>${longText}</p>`, createdAt: '2025-03-04T08:00:00.000Z' }),
          makePost({ _id: 'b', title: 'Large two' }),
          makePost({ _id: 'c', title: 'Large three' }),
          makePost({ _id: 'd', title: 'Compact one', category: 'col-2' }),
          makePost({ _id: 'e', title: 'Compact two', category: 'col-2' }),
          makePost({ _id: 'f', title: 'Compact three', category: 'col-2' }),
          makePost({ _id: 'g', title: 'Compact four', category: 'col-2' }),
          makePost({ _id: 'h', title: 'Other category', category: 'news' }),
        ]),
      ),
    );
    renderPage(<HomeBlogSection />);

    expect(await screen.findByRole('link', { name: 'Large one' })).toHaveAttribute('href', '/blog/a');
    expect(screen.getByRole('link', { name: 'Large two' })).toBeInTheDocument();
    expect(screen.queryByText('Large three')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compact three' })).toHaveAttribute('href', '/blog/f');
    expect(screen.queryByText('Compact four')).not.toBeInTheDocument();
    expect(screen.queryByText('Other category')).not.toBeInTheDocument();

    expect(screen.getByText(`${longText.slice(0, 100)}...`)).toBeInTheDocument();
    expect(screen.getAllByText('March 4 2025').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/blogs');
  });

  it('says so when there are no posts', async () => {
    server.use(http.get(apiUrl('blog'), () => HttpResponse.json([])));
    renderPage(<HomeBlogSection />);
    expect(await screen.findByText('New articles are on their way.')).toBeInTheDocument();
  });

  it('keeps the section readable when the posts cannot be loaded, and tries again on request', async () => {
    server.use(networkFailure('get', 'blog', { once: true }));
    renderPage(<HomeBlogSection />);
    const section = screen.getByRole('region', { name: 'From Our Blog' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Our latest articles could not be loaded');
    expect(within(section).getByRole('link', { name: 'View All' })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findAllByRole('article')).not.toHaveLength(0);
  });
});

import { apiUrl, errorResponse, startMockApi } from '@agri/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useBlogStore, useBlogsStore } from '../../features/blog/blog-store';
import { makePost } from '../../testing/make-post';
import { expectStillLoading, renderPage } from '@agri/ui/testing';
import BlogsPage from './blogs-page';

const server = startMockApi();
afterEach(() => [useBlogsStore, useBlogStore].forEach((store) => store.getState().reset()));

describe('/blogs', () => {
  it('shows four skeleton cards while loading', () => {
    renderPage(<BlogsPage />);
    expect(screen.getAllByTestId('blog-card-skeleton')).toHaveLength(4);
    expectStillLoading('Loading articles');
  });

  it('lists every post with image, title, a 70-character preview and an MMMM Do YYYY date', async () => {
    const text = 'Exporters must meet maximum residue limits, hold GlobalG.A.P. certification and carry phytosanitary certificates.';
    const description = `<p>${text.replace('maximum residue limits', '<strong>maximum residue limits</strong>')}</p>`;
    server.use(
      http.get(apiUrl('blog'), () =>
        HttpResponse.json([
          makePost({ _id: 'export', title: 'Exporting Avocados to the EU', description, createdAt: '2024-12-02T08:00:00.000Z' }),
          makePost({ _id: 'short', title: 'Short note', description: '<p>Brief.</p>' }),
        ]),
      ),
    );
    renderPage(<BlogsPage />);

    const link = await screen.findByRole('link', { name: 'Exporting Avocados to the EU' });
    expect(link).toHaveAttribute('href', '/blog/export');
    expect(screen.getByText(`${text.slice(0, 70)}...`)).toBeInTheDocument();
    expect(screen.getByText('Brief.')).toBeInTheDocument();
    expect(screen.getByText('December 2nd 2024')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it("fetches the top card's picture first (it is the largest paint on a phone) and the others when scrolled to", async () => {
    server.use(http.get(apiUrl('blog'), () => HttpResponse.json([makePost({ _id: 'a', title: 'First' }), makePost({ _id: 'b', title: 'Second' })])));
    renderPage(<BlogsPage />);
    await screen.findByRole('link', { name: 'First' });
    const [first, second] = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('says so when there are no posts', async () => {
    server.use(http.get(apiUrl('blog'), () => HttpResponse.json([])));
    renderPage(<BlogsPage />);
    expect(await screen.findByRole('heading', { name: 'No articles yet' })).toBeInTheDocument();
  });

  it('shows the failure with a retry that loads the posts', async () => {
    server.use(errorResponse('get', 'blog', { status: 500 }));
    renderPage(<BlogsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The articles could not be loaded');

    server.resetHandlers();
    server.use(http.get(apiUrl('blog'), () => HttpResponse.json([makePost({ _id: 'x', title: 'Back again' })])));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

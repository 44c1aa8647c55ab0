import { apiUrl, errorResponse, startMockApi } from '@agri/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useBlogStore, useBlogsStore } from '../../features/blog/blog-store';
import { makePost } from '../../testing/make-post';
import { expectStillLoading, renderPage } from '@agri/ui/testing';
import BlogPostPage from './blog-post-page';

const server = startMockApi();
afterEach(() => [useBlogsStore, useBlogStore].forEach((store) => store.getState().reset()));

const posts = [
  makePost({
    _id: 'aflatoxin',
    title: 'Controlling Aflatoxin in Maize',
    description: '<h2>Why it matters</h2><p>Keep maize under 10 ppb.</p>',
    images: [{ url: '/static/blog/maize.svg' }, { url: '/static/blog/second.svg' }],
    createdAt: '2025-03-04T08:00:00.000Z',
  }),
  makePost({ _id: 'kebs', title: 'Getting the KEBS Mark' }),
  makePost({ _id: 'juice', title: 'Costing a New Juice Product' }),
  makePost({ _id: 'avocado', title: 'Exporting Avocados' }),
];

function usePosts() {
  server.use(
    http.get(apiUrl('blog'), () => HttpResponse.json(posts)),
    http.get(apiUrl('blog/:id'), ({ params }) => {
      const post = posts.find((p) => p._id === params.id);
      return post ? HttpResponse.json(post) : HttpResponse.json({ message: 'Blog not found' }, { status: 404 });
    }),
  );
}

const renderPost = (id: string) => renderPage(<BlogPostPage />, { route: `/blog/${id}`, path: '/blog/:id' });

describe('/blog/:id', () => {
  it('shows a skeleton while loading', () => {
    usePosts();
    renderPost('aflatoxin');
    expectStillLoading('Loading article');
  });

  it('shows the title, date, first image and HTML description, with two related posts', async () => {
    usePosts();
    renderPost('aflatoxin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Controlling Aflatoxin in Maize' })).toBeInTheDocument();
    expect(screen.getAllByText('March 4th 2025').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    const images = within(article).getAllByRole('presentation');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'http://api.test/static/blog/maize.svg');
    // The largest paint on a phone: fetched first.
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(document.title).toBe('Controlling Aflatoxin in Maize | Mavuno Agri-Food Consultants');

    const related = screen.getByRole('complementary', { name: 'Related Posts' });
    const readMore = await within(related).findAllByRole('link', { name: /^Read More/ });
    expect(readMore).toHaveLength(2);
    expect(readMore[0]).toHaveAttribute('href', '/blog/kebs');
    expect(within(related).queryByText('Controlling Aflatoxin in Maize')).not.toBeInTheDocument();
  });

  it('opens a related post', async () => {
    usePosts();
    renderPost('aflatoxin');
    const related = await screen.findByRole('complementary', { name: 'Related Posts' });
    await userEvent.click((await within(related).findAllByRole('link', { name: /^Read More/ }))[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting the KEBS Mark' })).toBeInTheDocument();
  });

  it('renders a hostile description without its scripts or event handlers', async () => {
    const hostile = makePost({
      _id: 'hostile',
      title: 'Hostile',
      description:
        '<p>Safe text</p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:window.__pwned=true">link</a>',
    });
    server.use(http.get(apiUrl('blog/hostile'), () => HttpResponse.json(hostile)));
    renderPost('hostile');
    expect(await screen.findByText('Safe text')).toBeInTheDocument();
    const body = screen.getByRole('article').querySelector('.blog-post__body')!;
    expect(body.innerHTML).not.toMatch(/script|onerror|javascript:/i);
  });

  it('shows a clear not-found state for an unknown id, as the page’s heading', async () => {
    usePosts();
    renderPost('missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all articles' })).toHaveAttribute('href', '/blogs');
  });

  it('shows a failure with a retry', async () => {
    server.use(errorResponse('get', 'blog/aflatoxin', { status: 500 }));
    renderPost('aflatoxin');
    expect(await screen.findByRole('alert')).toHaveTextContent('The article could not be loaded');
    usePosts();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Controlling Aflatoxin in Maize' })).toBeInTheDocument();
  });
});

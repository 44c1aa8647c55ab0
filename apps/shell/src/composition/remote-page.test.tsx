import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageRoute } from '@agri/ui/federation';
import { MemoryRouter } from 'react-router';
import { RemotePage } from './remote-page';

const head = { title: 'Courses', description: 'Our courses', keywords: 'courses' };

function renderRoute(route: PageRoute) {
  return render(
    <MemoryRouter>
      <RemotePage route={route} />
    </MemoryRouter>,
  );
}

// The failing pages log, as they should: those tests expect it on a mocked console.error.
afterEach(() => jest.restoreAllMocks());

test('renders the page and sets its head tags', async () => {
  renderRoute({ path: '/courses', head, load: async () => ({ default: () => <h1>All courses</h1> }) });
  expect(await screen.findByRole('heading', { name: 'All courses' })).toBeInTheDocument();
  expect(document.title).toBe('Courses');
  expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
});

test('a page whose code cannot be loaded shows the unavailable panel, and Retry loads it again', async () => {
  const load = jest
    .fn<ReturnType<PageRoute['load']>, []>()
    .mockRejectedValueOnce(new Error('remote down'))
    .mockResolvedValue({ default: () => <h1>All courses</h1> });
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderRoute({ path: '/courses-retry', head, load });

  expect(await screen.findByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'All courses' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  expect(consoleError).toHaveBeenCalledWith('[shell] a page failed:', new Error('remote down'));
});

test('a page that throws while rendering is contained to its slot, and Retry renders it again', async () => {
  let broken = true;
  function FragilePage() {
    if (broken) throw new Error('render failure');
    return <h1>Recovered</h1>;
  }
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderRoute({ path: '/fragile', head, load: async () => ({ default: FragilePage }) });

  expect(await screen.findByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
  expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalledWith('[shell] a page failed:', new Error('render failure'));
});

test('a page kept out of search engines says so in the head, and the next page does not', async () => {
  const { unmount } = renderRoute({
    path: '/staff/login',
    head: { ...head, title: 'Sign in', noindex: true },
    load: async () => ({ default: () => <h1>Sign in</h1> }),
  });
  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  unmount();
  renderRoute({ path: '/courses-public', head, load: async () => ({ default: () => <h1>All courses</h1> }) });
  expect(await screen.findByRole('heading', { name: 'All courses' })).toBeInTheDocument();
  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
});

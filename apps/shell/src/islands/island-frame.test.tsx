import { Link, useParams } from '@agri/ui/router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IslandFrame } from './island-frame';

let failing = true;
function Article() {
  const { id } = useParams();
  if (failing) throw new Error('injected render fault');
  return (
    <p>
      Article {id} <Link to="/courses">Courses</Link>
    </p>
  );
}

describe('IslandFrame', () => {
  beforeEach(() => window.history.replaceState({}, '', '/blog/42'));

  it('gives an island the page’s path parameters, and links that lead to the page', () => {
    failing = false;
    render(
      <IslandFrame route="/blog/:id">
        <Article />
      </IslandFrame>,
    );
    expect(screen.getByText(/Article 42/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');
  });

  it('contains an island that throws to its own part, and Retry renders it again', async () => {
    failing = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <IslandFrame route="/blog/:id">
        <Article />
      </IslandFrame>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText(/Article 42/)).toBeInTheDocument();
  });
});

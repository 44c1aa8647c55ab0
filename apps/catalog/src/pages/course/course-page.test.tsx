import { addToCart, useSession } from '@agri/api-client';
import { apiUrl, errorResponse, fixtures, signInForTests } from '@agri/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderCatalog, renderCatalogWhileLoading, server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';
import { itShowsItemPageFailures } from '../../testing/item-page';
import { expectStillLoading } from '@agri/ui/testing';

resetCatalogStoresBetweenTests();

const haccp = fixtures.courses[0]!;
const marketAccess = fixtures.courses[2]!;

function fact(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('/course/:id', () => {
  it('shows a skeleton while the course loads', async () => {
    renderCatalogWhileLoading(`/course/${haccp._id}`, 'course/:id');
    expectStillLoading('Loading course');
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: haccp.title })).toBeInTheDocument();
  });

  it('shows the course: summary, both HTML sections, price and facts', async () => {
    renderCatalog(`/course/${haccp._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: haccp.title })).toBeInTheDocument();
    const summary = screen.getByRole('list', { name: 'Course summary' });
    expect(summary).toHaveTextContent(haccp.lecturer);
    expect(summary).toHaveTextContent(haccp.category);
    expect(summary).toHaveTextContent(haccp.duration);

    const about = screen.getByRole('region', { name: 'About Course' });
    expect(within(about).getByText('seven HACCP principles', { selector: 'strong' })).toBeInTheDocument();
    const learn = screen.getByRole('region', { name: 'What Will You learn' });
    expect(within(learn).getByText('Conduct a hazard analysis')).toBeInTheDocument();

    expect(screen.getByText('KES 45,000')).toBeInTheDocument();
    expect(fact('Lectures')).toBe('12');
    expect(fact('Duration')).toBe('3 days');
    expect(fact('Skill level')).toBe('Intermediate');
    expect(fact('Language')).toBe('English');
    expect(fact('Certificate')).toBe('Yes');
    expect(document.title).toBe(`${haccp.title} | Mavuno Agri-Food Consultants`);
  });

  it("shows the spec's defaults for missing facts", async () => {
    renderCatalog(`/course/${marketAccess._id}`);
    await screen.findByRole('heading', { level: 1, name: marketAccess.title });
    expect(fact('Lectures')).toBe('N/A');
    expect(fact('Skill level')).toBe('All Levels');
    expect(fact('Language')).toBe('English');
    expect(fact('Certificate')).toBe('No');
  });

  it('renders hostile description HTML without scripts or event handlers', async () => {
    server.use(
      http.get(apiUrl('course/:id'), () =>
        HttpResponse.json({
          ...haccp,
          description: '<p>Safe text</p><script>window.__hacked = true</script><img src="x" onerror="window.__hacked = true">',
          whatYouWillEarn: ['<a href="javascript:alert(1)">Click</a><div onclick="alert(1)">Learn</div>'],
        }),
      ),
    );
    const { container } = renderCatalog(`/course/${haccp._id}`);
    expect(await screen.findByText('Safe text')).toBeInTheDocument();
    expect(container.querySelector('script:not([type="application/ld+json"])')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(screen.getByText('Click').getAttribute('href')).toBeNull();
  });

  itShowsItemPageFailures({
    thing: 'course',
    item: haccp,
    notFound: { heading: 'Course not found', link: 'See all courses', to: '/courses' },
    failure: 'We could not load this course',
  });

  it('offers a chat enquiry prefilled with the title, price and page link, in a new tab', async () => {
    renderCatalog(`/course/${haccp._id}`);
    const chat = await screen.findByRole('link', { name: /Enquire on a chat service/ });
    const href = new URL(chat.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/254700000000');
    const text = href.searchParams.get('text')!;
    expect(text).toContain(haccp.title);
    expect(text).toContain('KES 45,000');
    expect(text).toContain(window.location.href);
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
  });

  it('copies the page address and says so', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    renderCatalog(`/course/${haccp._id}`);
    await user.click(await screen.findByRole('button', { name: 'Copy Course Link' }));
    expect(await screen.findByText('Course link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(window.location.href);
  });

  it('says so when the browser refuses to copy', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));
    renderCatalog(`/course/${haccp._id}`);
    await user.click(await screen.findByRole('button', { name: 'Copy Course Link' }));
    expect(await screen.findByText('The link could not be copied. Please copy it from the address bar.')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in by a link (no code needed), to come back to this course', async () => {
    renderCatalog(`/course/${haccp._id}`);
    const addToCart = await screen.findByRole('link', { name: 'Add to cart' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(addToCart).toHaveAttribute('data-signed-out');
    await userEvent.click(addToCart);
    expect(screen.getByTestId('location')).toHaveTextContent(`/login?redirect=${encodeURIComponent(`/course/${haccp._id}`)}`);
  });

  it("adds the course to a signed-in customer's cart once: then 'In your cart', the way to it, and the cart count", async () => {
    signInForTests();
    renderCatalog(`/course/${haccp._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Product Added to Cart')).toBeInTheDocument();
    expect(useSession.getState().cartCount).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('In your cart');
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/course/${haccp._id}`);
  });

  it('says at once that a course is in the cart when the customer comes back to it', async () => {
    signInForTests();
    await addToCart({ courseId: haccp._id, quantity: 1 });
    useSession.setState({ cartCourseIds: null }); // a new visit: the cart not read yet
    renderCatalog(`/course/${haccp._id}`);
    expect(await screen.findByRole('link', { name: 'View cart' })).toBeInTheDocument();
    renderCatalog(`/course/${marketAccess._id}`);
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('learns from the API that the course is already there (another tab put it in): no second seat, and the way to the cart', async () => {
    signInForTests();
    await addToCart({ courseId: haccp._id, quantity: 1 });
    // The cart as read at the page's start, before the other tab's add.
    server.use(http.get(apiUrl('user/cart'), () => HttpResponse.json({ items: [], totalPrice: 0 }), { once: true }));
    useSession.setState({ cartCourseIds: null });
    renderCatalog(`/course/${haccp._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('This course is already in your cart')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View cart' })).toBeInTheDocument();
    expect(useSession.getState().cartCount).toBe(1);
  });

  it('tells a signed-in customer when the course could not be added', async () => {
    signInForTests();
    server.use(errorResponse('post', 'user/cart', { status: 500 }));
    renderCatalog(`/course/${haccp._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Error adding to cart')).toBeInTheDocument();
    expect(useSession.getState().cartCount).toBe(0);
  });
});

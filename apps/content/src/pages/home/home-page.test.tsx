import { startMockApi } from '@agri/api-client/testing';
import { forgetLazyModule, setFragmentLoader } from '@agri/ui/federation';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useBlogStore, useBlogsStore } from '../../features/blog/blog-store';
import { renderPage } from '@agri/ui/testing';
import HomePage from './home-page';
import { carouselSettings, slidesToShowAt, testimonials } from './testimonials-carousel';

startMockApi();
// As the shell does in the site: Upcoming Forums shows catalog's fragment.
beforeEach(() =>
  setFragmentLoader(async (remote, fragment) => ({
    default: () => <p>{`${remote}/${fragment} list`}</p>,
  })),
);
afterEach(() => {
  [useBlogsStore, useBlogStore].forEach((store) => store.getState().reset());
  forgetLazyModule('catalog/upcoming-events');
});

/** Renders the home page and waits for the fragment to load, which React must see inside act. */
async function renderHomePage() {
  renderPage(<HomePage />);
  await screen.findByText('catalog/upcoming-events list');
}

describe('home page', () => {
  it('opens with the headline, the tagline and Our Programs', async () => {
    await renderHomePage();
    expect(screen.getByRole('heading', { level: 1, name: 'Expert Agri-Food Training & Consultancy Solutions' })).toBeInTheDocument();
    expect(screen.getByText('Quality and Safety is Our Business')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Our Programs' })).toHaveAttribute('href', '/courses');
    expect(screen.getByRole('link', { name: 'Learn More about us' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: /\+254 722 000 000/ })).toHaveAttribute('href', 'tel:+254722000000');
    expect(await screen.findByRole('link', { name: 'Controlling Aflatoxin in Maize Value Chains' })).toBeInTheDocument();
  });

  it('shows six services and four reasons to choose us', async () => {
    await renderHomePage();
    const services = screen.getByRole('region', { name: 'Our Services' });
    expect(within(services).getAllByRole('listitem')).toHaveLength(6);
    const reasons = screen.getByRole('region', { name: 'A partner for quality, safety and growth' });
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(4);
  });

  it('schedules a consultation through a prefilled chat link, without an API call', async () => {
    await renderHomePage();
    const link = screen.getByRole('link', { name: /Schedule Consultation/ });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/254700000000');
    expect(href.searchParams.get('text')).toMatch(/schedule a consultation/);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('opens the video from the play button and closes it with Escape, the close button and the overlay', async () => {
    const user = userEvent.setup();
    await renderHomePage();
    const play = screen.getByRole('button', { name: 'Play our introduction video' });

    await user.click(play);
    const dialog = screen.getByRole('dialog', { name: 'Introduction to Mavuno Agri-Food Consultants' });
    expect(within(dialog).getByTitle('Introduction to Mavuno Agri-Food Consultants')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(play).toHaveFocus();

    await user.click(play);
    await user.click(screen.getByRole('button', { name: 'Close video' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(play);
    // A tap beside it lands on the <dialog> itself, on its backdrop.
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('carries four testimonials in a carousel of 3, 2 below 992 px and 1 below 576 px', async () => {
    await renderHomePage();
    expect(testimonials).toHaveLength(4);
    for (const testimonial of testimonials) expect(screen.getAllByText(testimonial.name).length).toBeGreaterThan(0);
    expect(carouselSettings).toMatchObject({ slidesToShow: 3, autoplay: true, infinite: true, speed: 1000 });
    expect(carouselSettings.responsive).toEqual([
      { breakpoint: 992, settings: { slidesToShow: 2 } },
      { breakpoint: 576, settings: { slidesToShow: 1 } },
    ]);
  });

  it('keeps Upcoming Forums readable when the catalog fragment is unavailable', async () => {
    setFragmentLoader(() => Promise.reject(new Error('catalog is down')));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<HomePage />);
    const forums = screen.getByRole('region', { name: 'Upcoming Forums' });
    expect(await within(forums).findByText('No upcoming events.')).toBeInTheDocument();
    expect(within(forums).getByRole('link', { name: 'More Events' })).toHaveAttribute('href', '/events');
    // React still reports the failure the section survived.
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), new Error('catalog is down'), expect.any(String), expect.stringContaining('MountBoundary'));
    consoleError.mockRestore();
  });

  it('shows the catalog fragment inside Upcoming Forums when it loads', async () => {
    renderPage(<HomePage />);
    const forums = screen.getByRole('region', { name: 'Upcoming Forums' });
    expect(await within(forums).findByText('catalog/upcoming-events list')).toBeInTheDocument();
  });
});

describe('testimonial slides per width', () => {
  it.each([
    [1280, 3],
    [993, 3],
    [992, 2],
    [577, 2],
    [576, 1],
    [375, 1],
  ])('at %i px shows %i', (width, slides) => {
    expect(slidesToShowAt(width)).toBe(slides);
  });
});

import { renderPage } from '@agri/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Hero } from './hero';

/** The visitor's link as the browser tells it (the Network Information API). */
function linkIs(connection: { saveData?: boolean } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}
/** Whether the visitor asked for less motion. */
function reducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList;
}
afterEach(() => linkIs(undefined));

/** The hero's pictures: decorative, so found by their element, not their role. */
const pictures = (container: HTMLElement) => container.querySelectorAll('.hero__slides img');
/** The slideshow's control: its name is the one the style sheet shows (both are in the document here). */
const slideshowControl = () => screen.getByRole('button', { name: /Pause background slideshow/ });
const hero = () => screen.getByRole('region', { name: 'Expert Agri-Food Training & Consultancy Solutions' });

describe('the home page’s hero', () => {
  it('has its three pictures for the style sheet to show in turn, with a control to pause them', () => {
    const { container } = renderPage(<Hero />);
    expect(pictures(container)).toHaveLength(3);
    expect(slideshowControl()).toHaveTextContent('Pause background slideshow');
    expect(slideshowControl()).toHaveTextContent('Play background slideshow');
  });

  it('pauses and plays again as the visitor asks', async () => {
    reducedMotion(false);
    renderPage(<Hero />);
    expect(hero()).toHaveClass('hero', { exact: true });
    await userEvent.click(slideshowControl());
    expect(hero()).toHaveClass('hero hero--paused', { exact: true });
    await userEvent.click(slideshowControl());
    expect(hero()).toHaveClass('hero hero--playing', { exact: true });
  });

  it('for a visitor who asked for less motion, still until they press Play', async () => {
    reducedMotion(true);
    renderPage(<Hero />);
    await userEvent.click(slideshowControl());
    expect(hero()).toHaveClass('hero hero--playing', { exact: true });
  });

  it('on Save-Data asks for the first picture only, and changes nothing by itself', () => {
    linkIs({ saveData: true });
    const { container } = renderPage(<Hero />);
    expect(pictures(container)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /background slideshow/ })).not.toBeInTheDocument();
  });
});

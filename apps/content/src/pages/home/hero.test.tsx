import { renderPage } from '@agri/ui/testing';
import { screen } from '@testing-library/react';
import { Hero } from './hero';

/** The visitor's link as the browser tells it (the Network Information API). */
function linkIs(connection: { saveData?: boolean } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}
afterEach(() => linkIs(undefined));

/** The hero's pictures: decorative, so found by their element, not their role. */
const pictures = (container: HTMLElement) => container.querySelectorAll('.hero__slides img');

describe('the home page’s hero', () => {
  it('shows its three pictures in turn, with a control to pause them', () => {
    const { container } = renderPage(<Hero />);
    expect(pictures(container)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Pause background slideshow' })).toBeInTheDocument();
  });

  it('on Save-Data asks for the first picture only, and changes nothing by itself', () => {
    linkIs({ saveData: true });
    const { container } = renderPage(<Hero />);
    expect(pictures(container)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /background slideshow/ })).not.toBeInTheDocument();
  });
});

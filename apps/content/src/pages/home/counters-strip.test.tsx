import { renderPage } from '@agri/ui/testing';
import { screen } from '@testing-library/react';
import { counters, CountersStrip, countingPlaces } from './counters-strip';

/**
 * What the strip shows `progress` (0 to 1) into its 3 s, as the style sheet turns the wheels: a wheel at
 * `turns × progress` turns shows the digit of the step it is in (steps(10, jump-end)), and a leading place shows
 * from its first step's end.
 */
function shownAt(target: number, progress: number): string {
  const shown = countingPlaces(target).map(({ turns, leading, separator }) => {
    const steps = Math.floor(turns * progress * 10);
    return leading && steps < 1 ? '' : `${steps % 10}${separator ? ',' : ''}`;
  });
  return `${shown.join('')}+`;
}

describe('the figures strip', () => {
  it.each(counters.map(({ target }) => target))('counts %i up from 0 to the figure, with its separator', (target) => {
    expect(shownAt(target, 0)).toBe('0+');
    expect(shownAt(target, 1)).toBe(`${target.toLocaleString('en-KE')}+`);
  });

  it('shows a leading place once the figure reaches it', () => {
    // 1340: the thousands wheel's first step ends a little before the count would reach 1,000 (its turns end half a
    // step into the final digit); the units wheel shows from the start.
    expect(shownAt(1340, 0.01)).toMatch(/^\d{1,2}\+$/);
    expect(shownAt(1340, 0.5)).toMatch(/^\d{3}\+$/);
    expect(shownAt(1340, 0.9)).toMatch(/^1,\d{3}\+$/);
  });

  it('gives a browser without the animations the figures, and a screen reader each figure with its label', () => {
    const { container } = renderPage(<CountersStrip />);
    expect([...container.querySelectorAll('.counter__figure')].map((figure) => figure.textContent)).toEqual(['1,340+', '25+', '20+', '500+']);
    expect(screen.getByText('Happy Clients')).toHaveTextContent('1,340+ Happy Clients');
    expect(container.querySelector('.counter__value')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('.counter__count')).toHaveAttribute('data-nosnippet');
  });

  it('turns each wheel the figure’s share: the units of 1340 many times, its thousands less than once', () => {
    expect(countingPlaces(1340)).toEqual([
      { turns: 0.15, leading: true, separator: true },
      { turns: 1.35, leading: true, separator: false },
      { turns: 13.45, leading: true, separator: false },
      { turns: 134.05, leading: false, separator: false },
    ]);
  });
});

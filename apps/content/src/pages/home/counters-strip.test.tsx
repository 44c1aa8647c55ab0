import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { COUNTER_STEPS, COUNTER_TICK_MS, CountersStrip, RESET_DISTANCE_PX, START_DISTANCE_PX } from './counters-strip';

/** Places the strip `distance` px below the bottom of a 800 px window. */
function placeStrip(distance: number) {
  const strip = screen.getByRole('region', { name: 'Our work in figures' });
  jest.spyOn(strip, 'getBoundingClientRect').mockReturnValue({ top: 800 + distance } as DOMRect);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const clients = () => screen.getByTestId('counter-1340').textContent;

beforeEach(() => {
  jest.useFakeTimers();
  window.innerHeight = 800;
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('counters strip', () => {
  it('counts the four figures up from 0, ticking every 20 ms over 150 steps, once within 200 px of view', () => {
    // Rendered far below the window: the first check finds it out of reach.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 5000 } as DOMRect);
    render(<CountersStrip />);
    expect(clients()).toBe('0+');

    placeStrip(START_DISTANCE_PX + 1);
    act(() => jest.advanceTimersByTime(1000));
    expect(clients()).toBe('0+');

    placeStrip(START_DISTANCE_PX);
    act(() => jest.advanceTimersByTime(COUNTER_TICK_MS));
    expect(clients()).toBe(String(Math.round(1340 / COUNTER_STEPS)) + '+');

    act(() => jest.advanceTimersByTime(COUNTER_TICK_MS * 74));
    expect(clients()).toBe('670+');

    act(() => jest.advanceTimersByTime(COUNTER_TICK_MS * 75));
    expect(clients()).toBe('1,340+');
    expect(screen.getByTestId('counter-25')).toHaveTextContent('25+');
    expect(screen.getByTestId('counter-20')).toHaveTextContent('20+');
    expect(screen.getByTestId('counter-500')).toHaveTextContent('500+');

    act(() => jest.advanceTimersByTime(5000));
    expect(clients()).toBe('1,340+');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps its figures while scrolled a little above, and resets once more than 500 px above it', () => {
    render(<CountersStrip />);
    placeStrip(0);
    act(() => jest.advanceTimersByTime(COUNTER_TICK_MS * COUNTER_STEPS));
    expect(clients()).toBe('1,340+');

    placeStrip(RESET_DISTANCE_PX);
    expect(clients()).toBe('1,340+');

    placeStrip(RESET_DISTANCE_PX + 1);
    expect(clients()).toBe('0+');

    placeStrip(100);
    act(() => jest.advanceTimersByTime(COUNTER_TICK_MS * COUNTER_STEPS));
    expect(clients()).toBe('1,340+');
  });

  it('counts without a React render per tick', () => {
    let renders = 0;
    render(
      <Profiler id="counters" onRender={() => (renders += 1)}>
        <CountersStrip />
      </Profiler>,
    );
    placeStrip(0);
    const beforeCounting = renders;
    act(() => jest.advanceTimersByTime(COUNTER_TICK_MS * COUNTER_STEPS));
    expect(clients()).toBe('1,340+');
    // Before: four renders a tick, 600 in all.
    expect(renders - beforeCounting).toBe(0);
  });

  it('gives screen readers the final figures', () => {
    render(<CountersStrip />);
    expect(screen.getByText('Happy Clients').parentElement).toHaveTextContent('1,340+ Happy Clients');
  });
});

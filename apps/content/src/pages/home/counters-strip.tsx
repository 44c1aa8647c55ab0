import { useEffect, useRef, useState } from 'react';

/** Counting starts once the strip is this close to the bottom of the window. */
export const START_DISTANCE_PX = 200;
/** Counting resets once the visitor scrolls back so far that the strip is this far below the window. */
export const RESET_DISTANCE_PX = 500;
/** The count-up ticks every 20 ms over 150 steps (spec). */
export const COUNTER_TICK_MS = 20;
export const COUNTER_STEPS = 150;

export const counters = [
  { target: 1340, label: 'Happy Clients' },
  { target: 25, label: 'Training Programs' },
  { target: 20, label: 'Years of Experience' },
  { target: 500, label: 'Successful Projects' },
];

const figure = (target: number, step: number) => `${Math.round((target * step) / COUNTER_STEPS).toLocaleString('en-KE')}+`;

/**
 * Counts the figures up while `running`, back to 0 when it stops. Each tick writes the four figures straight
 * into the page: a React render per figure per tick was 600 renders in 3 s for text nobody else reads.
 */
function useCountUp(figures: React.RefObject<(HTMLElement | null)[]>, running: boolean) {
  useEffect(() => {
    const show = (step: number) =>
      counters.forEach(({ target }, index) => {
        const node = figures.current[index];
        if (node) node.textContent = figure(target, step);
      });
    if (!running) {
      show(0);
      return undefined;
    }
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      show(ticks);
      if (ticks >= COUNTER_STEPS) clearInterval(timer);
    }, COUNTER_TICK_MS);
    return () => clearInterval(timer);
  }, [figures, running]);
}

/** The figures strip: counts up from 0 when scrolled near, resets when scrolled well above it. */
export function CountersStrip() {
  const stripRef = useRef<HTMLElement>(null);
  const figures = useRef<(HTMLElement | null)[]>([]);
  const [running, setRunning] = useState(false);
  useCountUp(figures, running);

  useEffect(() => {
    const check = () => {
      const strip = stripRef.current;
      if (!strip) return;
      const distanceBelowView = strip.getBoundingClientRect().top - window.innerHeight;
      if (distanceBelowView <= START_DISTANCE_PX) setRunning(true);
      else if (distanceBelowView > RESET_DISTANCE_PX) setRunning(false);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  return (
    <section ref={stripRef} className="counters" aria-label="Our work in figures">
      <div className="container counters__grid">
        {counters.map(({ target, label }, index) => (
          <div key={label} className="counter">
            <p
              className="counter__value"
              aria-hidden="true"
              data-testid={`counter-${target}`}
              ref={(node) => {
                figures.current[index] = node;
              }}
            >
              {figure(target, 0)}
            </p>
            <p className="counter__label">
              <span className="visually-hidden">{target.toLocaleString('en-KE')}+ </span>
              {label}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}

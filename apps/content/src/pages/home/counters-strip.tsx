import { useEffect, useRef, useState } from 'react';
import { useCountUp } from './use-count-up';

/** Counting starts once the strip is this close to the bottom of the window. */
export const START_DISTANCE_PX = 200;
/** Counting resets once the visitor scrolls back so far that the strip is this far below the window. */
export const RESET_DISTANCE_PX = 500;

export const counters = [
  { target: 1340, label: 'Happy Clients' },
  { target: 25, label: 'Training Programs' },
  { target: 20, label: 'Years of Experience' },
  { target: 500, label: 'Successful Projects' },
];

function Counter({ target, label, running }: { target: number; label: string; running: boolean }) {
  const value = useCountUp(target, running);
  return (
    <div className="counter">
      <p className="counter__value" aria-hidden="true" data-testid={`counter-${target}`}>
        {value.toLocaleString('en-KE')}+
      </p>
      <p className="counter__label">
        <span className="visually-hidden">{target.toLocaleString('en-KE')}+ </span>
        {label}
      </p>
    </div>
  );
}

/** The figures strip: counts up from 0 when scrolled near, resets when scrolled well above it. */
export function CountersStrip() {
  const stripRef = useRef<HTMLElement>(null);
  const [running, setRunning] = useState(false);

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
        {counters.map((counter) => (
          <Counter key={counter.label} {...counter} running={running} />
        ))}
      </div>
    </section>
  );
}

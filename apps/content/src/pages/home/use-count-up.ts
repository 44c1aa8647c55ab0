import { useEffect, useState } from 'react';

export const COUNTER_TICK_MS = 20;
export const COUNTER_STEPS = 150;

/** Counts from 0 to `target` in 150 ticks of 20 ms while `running`; back to 0 when it stops. */
export function useCountUp(target: number, running: boolean): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!running) return undefined;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      setStep(ticks);
      if (ticks >= COUNTER_STEPS) clearInterval(timer);
    }, COUNTER_TICK_MS);
    return () => {
      clearInterval(timer);
      setStep(0);
    };
  }, [running]);
  return running ? Math.round((target * step) / COUNTER_STEPS) : 0;
}

/** The business's figures (spec: 1340 clients, 25 programs, 20 years, 500 projects). */
export const counters = [
  { target: 1340, label: 'Happy Clients' },
  { target: 25, label: 'Training Programs' },
  { target: 20, label: 'Years of Experience' },
  { target: 500, label: 'Successful Projects' },
];

const figure = (target: number) => `${target.toLocaleString('en-KE')}+`;

/** A place's wheel: its ten digits, one a line. */
const WHEEL = '0\n1\n2\n3\n4\n5\n6\n7\n8\n9';

/**
 * The places of a figure as it counts up from 0, the highest first: how many turns of 0–9 each one's wheel makes
 * (the units of 1340 turn 134 times, its thousands a fraction of one), ending half a step into the final digit so
 * that no rounding of the animation's time can leave it one short; whether it is a leading place (not shown until
 * the figure reaches it); and whether a thousands separator follows it.
 */
export function countingPlaces(target: number): { turns: number; leading: boolean; separator: boolean }[] {
  const digits = String(target);
  return [...digits].map((digit, index) => {
    const place = digits.length - 1 - index;
    return {
      turns: Math.floor(target / 10 ** (place + 1)) + (Number(digit) + 0.5) / 10,
      leading: place > 0,
      separator: place > 0 && place % 3 === 0,
    };
  });
}

/**
 * The figures strip. The counting is the style sheet's (home.css): from 0 over 3 s, once the strip is within 200 px
 * of the window; back to 0 once it is more than 500 px below it. So it runs on a page whose code never came, and
 * costs a phone no script. Each place is a wheel of digits that the compositor turns, not text the page lays out
 * again at every step (which took a whole processor on a phone for the 3 s). A browser without scroll-driven
 * animations or typed attr() shows the figures as they are.
 */
export function CountersStrip() {
  return (
    <section className="counters" aria-label="Our work in figures">
      <div className="container counters__grid">
        {counters.map(({ target, label }) => (
          <div key={label} className="counter">
            <p className="counter__value" aria-hidden="true" data-testid={`counter-${target}`}>
              <span className="counter__figure">{figure(target)}</span>
              {/* Its wheels' digits are no text for a search result's snippet. */}
              <span className="counter__count" data-nosnippet="">
                {countingPlaces(target).map(({ turns, leading, separator }, index) => (
                  <span key={index} className="counter__place" data-turns={turns} data-leading={leading || undefined}>
                    <span className="counter__window">
                      <span className="counter__wheel">{WHEEL}</span>
                    </span>
                    {separator && ','}
                  </span>
                ))}
                +
              </span>
            </p>
            <p className="counter__label">
              <span className="visually-hidden">{figure(target)} </span>
              {label}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The business's figures (spec: 1340 clients, 25 programs, 20 years, 500 projects). */
export const counters = [
  { target: 1340, label: 'Happy Clients' },
  { target: 25, label: 'Training Programs' },
  { target: 20, label: 'Years of Experience' },
  { target: 500, label: 'Successful Projects' },
];

const figure = (target: number) => `${target.toLocaleString('en-KE')}+`;

/**
 * The figures strip. The counting is the style sheet's (home.css): from 0, every 20 ms over 150 steps, once the strip
 * is within 200 px of the window; back to 0 once it is more than 500 px below it. So it runs on a page whose code
 * never came, and costs a phone no script. A browser without scroll-driven animations or typed attr() shows the
 * figures as they are.
 */
export function CountersStrip() {
  return (
    <section className="counters" aria-label="Our work in figures">
      <div className="container counters__grid">
        {counters.map(({ target, label }) => (
          <div key={label} className="counter">
            <p className="counter__value" aria-hidden="true" data-testid={`counter-${target}`} data-target={target}>
              <span className="counter__figure">{figure(target)}</span>
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

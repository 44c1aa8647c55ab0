import { ButtonLink, business, Icon, savingData, useInteractive } from '@agri/ui';
import { useState, useSyncExternalStore } from 'react';
import foodLab from '../../assets/hero-food-lab.svg';
import maizeField from '../../assets/hero-maize-field.svg';
import teaHills from '../../assets/hero-tea-hills.svg';

const slides = [maizeField, foodLab, teaHills];

/** Save-Data is read once per page: the browser tells no change of it. */
const unchanging = () => () => undefined;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The home page's opening: a slowly changing background behind the headline. The changing is the style sheet's
 * (home.css), so it runs on a page whose code never came; the visitor's Pause or Play (this island's one act) wins
 * over their preference for less motion. On Save-Data, no decorative picture beyond the first and no changing:
 * the page's loader marks the document so before any code (apps/shell/src/islands/loader); here the other pictures are left out.
 */
export function Hero() {
  const interactive = useInteractive();
  const [chosen, setChosen] = useState<'paused' | 'playing' | null>(null);
  // A prerendered page has every picture, for the style sheet to show or leave out (React reads this snapshot first).
  const slideshow = useSyncExternalStore(
    unchanging,
    () => !savingData(),
    () => true,
  );
  const shown = slideshow ? slides.length : 1;
  // Until the visitor chooses, the style sheet follows their preference: read when they choose, not drawn from it.
  const toggle = () => {
    const paused = chosen ? chosen === 'paused' : window.matchMedia(REDUCED_MOTION).matches;
    setChosen(paused ? 'playing' : 'paused');
  };

  return (
    <section className={chosen ? `hero hero--${chosen}` : 'hero'} aria-labelledby="hero-title">
      <div className="hero__slides" aria-hidden="true">
        {slides.slice(0, shown).map((src, index) => (
          <img
            key={src}
            src={src}
            alt=""
            width={1600}
            height={900}
            className="hero__slide"
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
          />
        ))}
      </div>
      <div className="container hero__content">
        <p className="hero__eyebrow">{business.name}</p>
        <h1 id="hero-title">Expert Agri-Food Training &amp; Consultancy Solutions</h1>
        <p className="hero__tagline">Quality and Safety is Our Business</p>
        <ButtonLink to="/courses" variant="accent">
          Our Programs
        </ButtonLink>
      </div>
      {slideshow && (
        // Its name is the one the style sheet shows: whether the pictures change is the style sheet's to say.
        <button type="button" className="hero__pause" onClick={toggle} disabled={!interactive}>
          <span className="hero__when-moving">
            <Icon size={18}>
              <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
            </Icon>
            <span className="visually-hidden">Pause background slideshow</span>
          </span>
          <span className="hero__when-still">
            <Icon size={18}>
              <path d="M8 5v14l11-7z" />
            </Icon>
            <span className="visually-hidden">Play background slideshow</span>
          </span>
        </button>
      )}
    </section>
  );
}

import { ButtonLink, business, savingData, useInteractive } from '@agri/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import foodLab from '../../assets/hero-food-lab.svg';
import maizeField from '../../assets/hero-maize-field.svg';
import teaHills from '../../assets/hero-tea-hills.svg';

const slides = [maizeField, foodLab, teaHills];
export const HERO_SLIDE_MS = 6000;

/** Save-Data is read once per page: the browser tells no change of it. */
const unchanging = () => () => undefined;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const watchReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the visitor asked for less motion. A prerendered page was made without knowing, so it reads
 * 'no' while the page is taken over, then the visitor's answer (React reads the server snapshot first).
 */
const usePrefersReducedMotion = () =>
  useSyncExternalStore(
    watchReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );

/**
 * The home page's opening: a slowly changing background behind the headline. The page comes with its first
 * picture; the others, and the changing, follow once the page is taken over, unless the visitor saves data
 * (Save-Data: no decorative pictures beyond the first, no autoplay).
 */
export function Hero() {
  const interactive = useInteractive();
  const [current, setCurrent] = useState(0);
  const prefersReducedMotion = usePrefersReducedMotion();
  // The visitor's own Pause or Play wins over the preference.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const paused = chosen ?? prefersReducedMotion;
  // Read as 'saving' while a prerendered page is taken over (React reads the server snapshot first).
  const slideshow = useSyncExternalStore(
    unchanging,
    () => !savingData(),
    () => false,
  );
  const shown = slideshow ? slides.length : 1;

  useEffect(() => {
    if (paused || !slideshow) return undefined;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % slides.length), HERO_SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused, slideshow]);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__slides" aria-hidden="true">
        {slides.slice(0, shown).map((src, index) => (
          <img
            key={src}
            src={src}
            alt=""
            width={1600}
            height={900}
            className={index === current ? 'hero__slide hero__slide--current' : 'hero__slide'}
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
        <button
          type="button"
          className="hero__pause"
          onClick={() => setChosen(!paused)}
          disabled={!interactive}
          aria-label={paused ? 'Play background slideshow' : 'Pause background slideshow'}
        >
          {paused ? (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor" />
            </svg>
          )}
        </button>
      )}
    </section>
  );
}

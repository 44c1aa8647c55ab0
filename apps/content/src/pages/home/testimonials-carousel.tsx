import { useRef, useState, useSyncExternalStore } from 'react';
import Slider, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import { SectionHeading } from './section-heading';

export const testimonials = [
  {
    quote: 'Mavuno took our dairy from a failed audit to ISO 22000 certification in seven months. Our team now runs the HACCP system without outside help.',
    name: 'Grace Wanjiru',
    role: 'Quality Assurance Manager, dairy processor, Nyeri',
  },
  {
    quote: 'The export readiness programme showed us exactly what EU buyers check. We shipped our first container of avocados within the season.',
    name: 'Daniel Otieno',
    role: 'Director, fresh-produce exporter, Murang’a',
  },
  {
    quote: 'Their product development team helped us stabilise our mango juice and pass KEBS testing on the first submission.',
    name: 'Faith Chebet',
    role: 'Founder, fruit processing start-up, Eldoret',
  },
  {
    quote: 'The financial management course changed how our cooperative prices milk. For the first time we know our cost per litre.',
    name: 'Samuel Mutua',
    role: 'Treasurer, farmers’ cooperative, Machakos',
  },
];

/** 3 slides wide, 2 below 992 px, 1 below 576 px; autoplay, infinite, 1000 ms transitions. */
export const carouselSettings: Settings = {
  slidesToShow: 3,
  slidesToScroll: 1,
  autoplay: true,
  autoplaySpeed: 5000,
  infinite: true,
  speed: 1000,
  dots: true,
  arrows: false,
  pauseOnHover: true,
  pauseOnFocus: true,
  responsive: [
    { breakpoint: 992, settings: { slidesToShow: 2 } },
    { breakpoint: 576, settings: { slidesToShow: 1 } },
  ],
};

/** Slides for a window width: the narrowest breakpoint that still covers it wins. */
export function slidesToShowAt(width: number): number {
  const match = [...(carouselSettings.responsive ?? [])].sort((a, b) => a.breakpoint - b.breakpoint).find((entry) => width <= entry.breakpoint);
  const settings = match?.settings;
  return typeof settings === 'object' && settings.slidesToShow ? settings.slidesToShow : carouselSettings.slidesToShow!;
}

const watchWidth = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Most visitors are on phones: a prerendered page shows one slide until it is taken over. */
const PRERENDERED_SLIDES = 1;

/**
 * react-slick 0.31 applies `responsive` only when a media query changes, never
 * for the width the page opens at; the slide count is kept here instead.
 */
const useSlidesToShow = (): number =>
  useSyncExternalStore(
    watchWidth,
    () => slidesToShowAt(window.innerWidth),
    () => PRERENDERED_SLIDES,
  );

export function TestimonialsCarousel() {
  const slider = useRef<Slider>(null);
  const slidesToShow = useSlidesToShow();
  const { responsive: _handledHere, ...settings } = carouselSettings;
  const [paused, setPaused] = useState(false);
  const togglePause = () => {
    if (paused) slider.current?.slickPlay();
    else slider.current?.slickPause();
    setPaused(!paused);
  };
  return (
    <section className="page-section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading eyebrow="Testimonials" id="testimonials-title" title="What Our Clients Say" />
        <Slider ref={slider} {...settings} slidesToShow={slidesToShow}>
          {testimonials.map((testimonial) => (
            <figure key={testimonial.name} className="testimonial">
              <blockquote>
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{testimonial.name}</strong>
                <span>{testimonial.role}</span>
              </figcaption>
            </figure>
          ))}
        </Slider>
        <div className="testimonials__controls">
          <button type="button" className="ui-button ui-button--secondary" onClick={togglePause}>
            {paused ? 'Play testimonials' : 'Pause testimonials'}
          </button>
        </div>
      </div>
    </section>
  );
}

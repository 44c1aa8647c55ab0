import { localBusiness, StructuredDataScript } from '@agri/ui';
import { LazyMount } from '@agri/ui/federation';
import { AboutBlock } from '../../features/about-block/about-block';
import '../../styles/content.css';
import { ConsultantsSection } from './consultants-section';
import { CountersStrip } from './counters-strip';
import { Hero } from './hero';
import './home.css';
import { ServicesSection } from './services-section';
import { UpcomingForums } from './upcoming-forums';
import { WhyChooseUs } from './why-choose-us';

// Far down the page, and the only parts that need react-slick and moment: their code loads as the visitor
// scrolls towards them (a prerendered page shows them all along).
const loadTestimonials = () => import('./testimonials-carousel').then(({ TestimonialsCarousel }) => ({ default: TestimonialsCarousel }));
const loadBlogSection = () => import('./home-blog-section').then(({ HomeBlogSection }) => ({ default: HomeBlogSection }));

/** A section whose code is late: nothing takes its place meanwhile but its own space. */
function LaterSection({ name, load }: { name: string; load: typeof loadTestimonials }) {
  return (
    <LazyMount moduleKey={`home/${name}`} load={load} loading={<div className={`home__later home__later--${name}`} />} fallback={() => null} whenNearScreen />
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <CountersStrip />
      <AboutBlock showLearnMore />
      <ServicesSection />
      <ConsultantsSection />
      <WhyChooseUs />
      <LaterSection name="testimonials" load={loadTestimonials} />
      <UpcomingForums />
      <LaterSection name="blog" load={loadBlogSection} />
      <StructuredDataScript data={localBusiness(window.location.origin)} />
    </>
  );
}

import { localBusiness, StructuredDataScript } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { AboutBlock } from '../../features/about-block/about-block';
import '../../styles/content.css';
import { ConsultantsSection } from './consultants-section';
import { CountersStrip } from './counters-strip';
import { Hero } from './hero';
import { HomeBlogSection } from './home-blog-section';
import './home.css';
import { ServicesSection } from './services-section';
import { TestimonialsCarousel } from './testimonials-carousel';
import { UpcomingForums } from './upcoming-forums';
import { WhyChooseUs } from './why-choose-us';

/**
 * The home page, a document with islands (docs/composition.md): the slideshow and the counters are the style
 * sheet's; the slideshow's Pause and the video wake at a touch, the testimonials as they come near, the forums
 * (catalog's) and the articles when their answers changed.
 */
export default function HomePage() {
  return (
    <>
      <Island name="content/hero" component={Hero} props={{}} hydration="interaction" />
      <CountersStrip />
      <Island name="content/about-block" component={AboutBlock} props={{ showLearnMore: true }} hydration="interaction" />
      <ServicesSection />
      <ConsultantsSection />
      <WhyChooseUs />
      <Island name="content/testimonials" component={TestimonialsCarousel} props={{}} hydration="visible" />
      <UpcomingForums />
      <Island name="content/home-blog" component={HomeBlogSection} props={{}} hydration="changed" />
      <StructuredDataScript data={localBusiness(window.location.origin)} />
    </>
  );
}

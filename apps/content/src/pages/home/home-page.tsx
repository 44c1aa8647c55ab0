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

export default function HomePage() {
  return (
    <>
      <Hero />
      <CountersStrip />
      <AboutBlock showLearnMore />
      <ServicesSection />
      <ConsultantsSection />
      <WhyChooseUs />
      <TestimonialsCarousel />
      <UpcomingForums />
      <HomeBlogSection />
    </>
  );
}

import { business } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import '../../styles/content.css';
import { ContactForm } from './contact-form';
import './contact.css';
import { PageBanner } from '../../features/page-banner/page-banner';

const MAP_URL = 'https://www.openstreetmap.org/export/embed.html?bbox=36.8010%2C-1.2760%2C36.8190%2C-1.2650&layer=mapnik&marker=-1.2705%2C36.8100';

export default function ContactPage() {
  return (
    <>
      <PageBanner title="Contact Us" intro="Ask about a course, book an in-house training or tell us about your project. We reply within one working day." />
      <div className="container page-section contact">
        <section className="contact__details card" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Get in Touch</h2>
          <dl>
            <div>
              <dt>Address</dt>
              <dd>{business.address}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={business.phoneHref}>{business.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${business.email}`}>{business.email}</a>
              </dd>
            </div>
            <div>
              <dt>Opening Hours</dt>
              <dd>Monday to Saturday, 10 AM to 8 PM</dd>
            </div>
          </dl>
        </section>
        <div className="contact__form card">
          <Island name="content/contact-form" component={ContactForm} props={{}} hydration="interaction" />
        </div>
        <div className="contact__map">
          <iframe src={MAP_URL} title={`Map showing our office: ${business.address}`} width={1200} height={400} loading="lazy" />
        </div>
      </div>
    </>
  );
}

import { business, LinkList } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { Link } from '@agri/ui/router';
import { NewsletterForm } from './newsletter-form';
import { SocialIcons } from './social-icons';

const quickLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/courses', label: 'Courses' },
  { to: '/faqs', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <Island name="shell/newsletter" component={NewsletterForm} props={{}} hydration="interaction" />
      </div>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{business.name}</h2>
          <p>Agri-food training and consultancy for farmers, processors and exporters in Kenya and East Africa. {business.tagline}.</p>
          <SocialIcons className="social-icons--footer" />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <LinkList links={quickLinks} />
        </nav>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Our Services</h2>
          <ul>
            {business.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Us</h2>
          <address>
            <p>{business.address}</p>
            <p>
              Phone: <a href={business.phoneHref}>{business.phone}</a>
            </p>
            <p>
              Email: <a href={`mailto:${business.email}`}>{business.email}</a>
            </p>
          </address>
          <h3>Business Hours</h3>
          <p>{business.hours}</p>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © {new Date().getFullYear()} {business.name}. All rights reserved.
          </p>
          <ul>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/term-conditions">Terms and Conditions</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

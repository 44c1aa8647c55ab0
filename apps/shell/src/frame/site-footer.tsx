import { business } from '@agri/ui';
import { Link } from 'react-router-dom';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{business.shortName}</h2>
          <p>{business.tagline}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <ul>
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/courses">Courses</Link></li>
            <li><Link to="/faqs">FAQ</Link></li>
            <li><Link to="/contact">Contact Us</Link></li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            {business.address}
            <br />
            <a href={business.phoneHref}>{business.phone}</a>
            <br />
            <a href={`mailto:${business.email}`}>{business.email}</a>
          </address>
          <p>{business.hours}</p>
        </section>
      </div>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} {business.name}. All rights reserved.
      </p>
    </footer>
  );
}

import { ButtonLink, business } from '@agri/ui';

export default function HomePage() {
  return (
    <section className="page-section">
      <div className="container">
        <h1>Expert Agri-Food Training &amp; Consultancy Solutions</h1>
        <p>{business.tagline}</p>
        <ButtonLink to="/courses">Our Programs</ButtonLink>
      </div>
    </section>
  );
}

import { SectionHeading } from './section-heading';

const reasons = [
  {
    title: 'Certified, Practising Experts',
    text: 'Our trainers are registered lead auditors and food technologists who still audit and consult every week.',
  },
  {
    title: 'Practical, Plant-Floor Learning',
    text: 'Courses use real records, real hazards and site walks, so teams apply what they learn the next morning.',
  },
  {
    title: 'Results You Can Measure',
    text: 'Clients pass certification audits, win new buyers and cut losses; we agree the targets with you up front.',
  },
  {
    title: 'Support After Certification',
    text: 'Follow-up visits, internal audit support and refresher sessions keep your system alive between audits.',
  },
];

export function WhyChooseUs() {
  return (
    <section className="page-section section-alt" aria-labelledby="why-title">
      <div className="container">
        <SectionHeading eyebrow="Why Choose Us" id="why-title" title="A partner for quality, safety and growth" />
        <ol className="reason-grid">
          {reasons.map((reason, index) => (
            <li key={reason.title} className="card reason-card">
              <span className="reason-card__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { chatLink } from '@agri/api-client';
import consultantsImage from '../../assets/consultants-field-visit.svg';
import { CONSULTATION_REQUEST } from '../../features/chat/consultation-request';

/** 'Meet Our Consultants': a chat link with the consultation request prefilled (no API call). */
export function ConsultantsSection() {
  return (
    <section className="page-section consultants" aria-labelledby="consultants-title">
      <div className="container consultants__grid">
        <div>
          <p className="ui-eyebrow">Talk to an Expert</p>
          <h2 id="consultants-title">Meet Our Consultants</h2>
          <p>
            Our consultants are food scientists, certified ISO 22000 lead auditors, agribusiness economists and accountants who have worked inside dairies,
            mills, fresh-produce packhouses and beverage plants. Tell us where your business is today and we will plan the shortest route to safe, certified and
            profitable production.
          </p>
          <a className="ui-button ui-button--accent" href={chatLink(CONSULTATION_REQUEST)} target="_blank" rel="noopener noreferrer">
            Schedule Consultation
            <span className="visually-hidden"> (opens a chat in a new tab)</span>
          </a>
        </div>
        <img
          src={consultantsImage}
          alt="Two Mavuno consultants reviewing a checklist with a maize farmer in the field"
          width={800}
          height={600}
          loading="lazy"
        />
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Icon } from '@agri/ui';
import { SectionHeading } from './section-heading';

const icon = (path: ReactNode) => (
  <Icon size={32} stroke={1.8}>
    {path}
  </Icon>
);

export const services = [
  {
    title: 'ISO Certification Training',
    text: 'ISO 22000, FSSC 22000 and ISO 9001 courses for managers, internal auditors and food safety teams, from awareness to lead auditor.',
    icon: icon(
      <>
        <circle cx="12" cy="9" r="6" />
        <path d="M9 14.5 8 22l4-2 4 2-1-7.5" />
      </>,
    ),
  },
  {
    title: 'Food Safety Consultancy',
    text: 'HACCP plans, prerequisite programmes, gap assessments and audit preparation for processors, caterers and exporters.',
    icon: icon(
      <>
        <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </>,
    ),
  },
  {
    title: 'Product Design & Development',
    text: 'From kitchen recipe to shelf: formulation, shelf-life studies, labelling and KEBS product certification.',
    icon: icon(
      <>
        <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3" />
        <path d="M7 15h10" />
      </>,
    ),
  },
  {
    title: 'Market Access',
    text: 'Buyer requirements, export documentation, GlobalG.A.P. and supermarket listings in Kenya, the EAC and the EU.',
    icon: icon(
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" />
      </>,
    ),
  },
  {
    title: 'Business Modelling',
    text: 'Feasibility studies, business plans and investor-ready models for agro-processing ventures and cooperatives.',
    icon: icon(
      <>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </>,
    ),
  },
  {
    title: 'Financial Management & Accounting',
    text: 'Costing, bookkeeping, cash-flow planning and financial controls that lenders and auditors trust.',
    icon: icon(
      <>
        <rect x="3" y="6" width="18" height="13" rx="2" />
        <path d="M3 10h18M7 15h4" />
      </>,
    ),
  },
];

/** The six service lines of the business. */
export function ServicesSection() {
  return (
    <section className="page-section section-alt" aria-labelledby="services-title">
      <div className="container">
        <SectionHeading
          eyebrow="What We Do"
          id="services-title"
          title="Our Services"
          intro="Training and hands-on consultancy across the agri-food value chain, from farm gate to export market."
        />
        <ul className="service-grid">
          {services.map((service) => (
            <li key={service.title} className="card service-card">
              <span className="service-card__icon">{service.icon}</span>
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

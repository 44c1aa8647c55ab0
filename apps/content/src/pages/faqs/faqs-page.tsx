import { business } from '@agri/ui';
import type { ReactNode } from 'react';
import { Link } from '@agri/ui/router';
import { LegalLayout } from '../../features/legal-layout/legal-layout';
import './faqs.css';

interface Faq {
  question: string;
  answer: ReactNode;
}

/** The spec's FAQ topics (delivery time, own delivery team, tracking, receipt steps) for course materials and certificates. */
const faqs: Faq[] = [
  {
    question: 'How long does it take to receive my course materials and certificate?',
    answer: (
      <p>
        Printed course manuals, workbooks and reference standards are delivered within 2-3 business days after your purchase is confirmed. Certificates are
        delivered within 2-3 business days after we confirm that you have completed the course and passed any assessment.
      </p>
    ),
  },
  {
    question: 'Who delivers my course materials and certificates?',
    answer: (
      <p>
        Our own team delivers them, not a third-party courier, so that certificates and controlled documents are handed over in person. Outside Nairobi we
        arrange delivery with you by phone before dispatch.
      </p>
    ),
  },
  {
    question: 'How can I track my order?',
    answer: (
      <p>
        Sign in and open <Link to="/my-orders">My Orders</Link> to see the status of every order. You can also call us on{' '}
        <a href={business.phoneHref}>{business.phone}</a> with your order number.
      </p>
    ),
  },
  {
    question: 'What should I do when my materials or certificate arrive?',
    answer: (
      <ol>
        <li>Show an ID whose name matches the name on the invoice; certificates are only handed to the named participant or an authorised colleague.</li>
        <li>Inspect the package with the delivery person present, and check that the name on the certificate is spelt correctly.</li>
        <li>Pay any balance due on the invoice.</li>
        <li>Sign the delivery note.</li>
      </ol>
    ),
  },
  {
    question: 'Who are your courses for?',
    answer: (
      <p>
        Farmers and cooperatives, food processors, quality and production staff, exporters, caterers and regulators. Each course page lists its target group and
        objectives; see <Link to="/courses">our courses</Link>.
      </p>
    ),
  },
  {
    question: 'Can you train our staff at our own premises?',
    answer: (
      <p>
        Yes. Most of our courses can be delivered in-house anywhere in Kenya and East Africa, adapted to your products and processes.{' '}
        <Link to="/contact">Contact us</Link> with the number of participants and preferred dates.
      </p>
    ),
  },
  {
    question: 'Are prices inclusive of VAT?',
    answer: <p>Yes. All prices are in Kenya Shillings and include VAT at 16%.</p>,
  },
];

export default function FaqsPage() {
  return (
    <LegalLayout title="Frequently Asked Questions" intro="Answers about course materials, certificates, orders and our training.">
      <div className="faq-list">
        {faqs.map((faq) => (
          <details key={faq.question} className="faq">
            <summary>
              <h2>{faq.question}</h2>
            </summary>
            <div className="faq__answer">{faq.answer}</div>
          </details>
        ))}
      </div>
      <p className="faq-more">
        Still have a question? Email <a href={`mailto:${business.email}`}>{business.email}</a> or call <a href={business.phoneHref}>{business.phone}</a>,{' '}
        {business.hours}.
      </p>
    </LegalLayout>
  );
}

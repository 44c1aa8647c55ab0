import { business } from '@agri/ui';
import { Link } from '@agri/ui/router';
import { LegalLayout } from '../../features/legal-layout/legal-layout';

export const LAST_UPDATED = '1 November 2026';

export default function TermsPage() {
  return (
    <LegalLayout title="Terms and Conditions" intro={`The terms that apply when you use this website and book training or consultancy with ${business.name}.`}>
      <p>Last updated: {LAST_UPDATED}</p>

      <h2>1. Introduction</h2>
      <p>
        These terms govern your use of this website and every course, event, consultancy service and course material you book or buy through it from{' '}
        {business.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;). By using the site or placing an order you accept these terms. If you do not accept them, please do
        not use the site. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your personal data.
      </p>

      <h2>2. Waiver</h2>
      <p>
        If we do not insist on any of these terms, or delay in doing so, that does not mean we have given up our right to rely on it later. A waiver of any term
        is only valid if we give it to you in writing, and it applies only to the situation for which it was given.
      </p>

      <h2>3. Severability</h2>
      <p>
        If a court or other competent authority finds any part of these terms invalid or unenforceable, that part is removed or limited to the minimum extent
        necessary, and the rest of the terms remain in full force.
      </p>

      <h2>4. Variation</h2>
      <p>
        We may update these terms from time to time, for example when we add new services or when the law changes. The version published on this page when you
        place an order applies to that order. For courses and events already booked, we will tell you by email of any change that affects you before it takes
        effect.
      </p>

      <h2>5. Errors and Omissions</h2>
      <p>
        We take care that course outlines, schedules, trainer names, venues and prices on the site are accurate. Errors can still happen. If we find an error in
        the price or details of something you have booked, we will contact you as soon as possible and you may either confirm the booking on the corrected terms
        or cancel it for a full refund. Course content may be updated to reflect changes in standards (for example a new edition of ISO 22000) without notice.
      </p>

      <h2>6. Pricing and Availability</h2>
      <p>
        All prices are in Kenya Shillings (KES) and include Value Added Tax at 16%. Prices cover tuition, course materials and the certificate of attendance
        unless the course page says otherwise; travel and accommodation are not included. Seats on each course and event are limited. A seat is reserved only
        once your order or booking is confirmed, and we may close a course when it is full. If a course cannot run because too few participants have enrolled,
        we will offer you another date or a full refund.
      </p>

      <h2>7. Images</h2>
      <p>
        Images and illustrations on this website show the kind of training, field work and facilities involved in our services. Venues, materials and
        certificates may differ in appearance from the images. All text, images and course materials are our property or used with permission; you may not copy,
        resell or republish them without our written consent, except for your own training records.
      </p>

      <h2>8. Applicable Law</h2>
      <p>
        These terms are governed by the laws of the Republic of Kenya. Any dispute that we cannot resolve together in good faith will be decided by the courts
        of Kenya, sitting in Nairobi. Nothing in these terms limits any right you have under the Consumer Protection Act, 2012 or the Data Protection Act, 2019.
      </p>

      <h2>9. Company Details</h2>
      <address>
        {business.name}
        <br />
        {business.address}
        <br />
        Phone: <a href={business.phoneHref}>{business.phone}</a>
        <br />
        Email: <a href={`mailto:${business.email}`}>{business.email}</a>
        <br />
        Office hours: {business.hours}
      </address>
    </LegalLayout>
  );
}

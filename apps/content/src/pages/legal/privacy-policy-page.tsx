import { business } from '@agri/ui';
import { LegalLayout } from '../../features/legal-layout/legal-layout';
import { LAST_UPDATED } from './terms-page';

export default function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy" intro="How we collect, use and protect your personal data, in line with Kenya's Data Protection Act, 2019.">
      <p>Last updated: {LAST_UPDATED}</p>

      <h2>Who we are</h2>
      <p>
        {business.name} provides agri-food training and consultancy from {business.address}. We are the data controller for the personal data described here.
        Questions about this policy can be sent to <a href={`mailto:${business.email}`}>{business.email}</a>.
      </p>

      <WhatWeCollect />

      <h2>Why we use it</h2>
      <ul>
        <li>To run your account, enrol you on courses and events, deliver materials and issue certificates.</li>
        <li>To answer your enquiries and call you back when you ask us to.</li>
        <li>To send the newsletter you subscribed to; every issue has an unsubscribe link.</li>
        <li>To keep our records as the Kenya Revenue Authority and other laws require.</li>
      </ul>
      <p>
        We rely on the contract with you, your consent (newsletter) and our legal obligations. We never sell your data and never use it for automated decisions
        about you.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Only with those who help us deliver your service: our trainers and consultants, the venue hosting your course, certification bodies when you sit an
        examination, and our hosting and email providers. Each is bound to keep your data confidential. When you choose to contact us through a chat service,
        that service&rsquo;s own privacy terms apply to the message.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account is open. Training records and certificates are kept for seven years so that we can confirm your qualification to
        an employer or auditor. Enquiries are deleted after two years. Financial records are kept as long as tax law requires.
      </p>

      <h2>Browser storage</h2>
      <p>
        When you sign in, this site keeps your account details and sign-in token in your browser&rsquo;s local storage so that you stay signed in. Logging out
        clears it. We do not use advertising or tracking cookies.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask to see the data we hold about you, correct it, delete it, object to its use or receive a copy in a common format. You can update your
        profile and address yourself under My Account. For any other request, email <a href={`mailto:${business.email}`}>{business.email}</a>; we answer within
        14 days. If you are not satisfied, you may complain to the Office of the Data Protection Commissioner of Kenya.
      </p>

      <h2>Security</h2>
      <p>
        Passwords are stored only as salted hashes, the site is served over encrypted connections, and only staff who need your data for their work can see it.
      </p>

      <h2>Changes to this policy</h2>
      <p>We publish every change on this page with a new date, and email account holders about important changes.</p>
    </LegalLayout>
  );
}

/** The personal data the site takes, by what it is for. */
function WhatWeCollect() {
  return (
    <>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your account:</strong> first and last name, email address, mobile number and a securely hashed password. We email a one-time code to confirm
          your address when you register.
        </li>
        <li>
          <strong>Orders and bookings:</strong> the courses and events you book, your cart, your orders and the delivery address for course materials and
          certificates.
        </li>
        <li>
          <strong>Enquiries and call requests:</strong> the name, email, phone number, preferred contact method and message you send us through the contact
          form, a course call request or an event booking.
        </li>
        <li>
          <strong>Newsletter:</strong> the email address you subscribe with.
        </li>
        <li>
          <strong>Browsing:</strong> the courses you view while signed in, so that we can show them again under recently viewed.
        </li>
      </ul>
    </>
  );
}

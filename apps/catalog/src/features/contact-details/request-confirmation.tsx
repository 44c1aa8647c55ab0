import { Button } from '@agri/ui';
import { useEffect, useRef, type ReactNode } from 'react';

interface RequestConfirmationProps {
  heading: string;
  /** Kept on the phone, offline: it goes when the connection returns, and the team hears of it then. */
  kept?: boolean;
  onBack: () => void;
  onGoHome: () => void;
  /** What the visitor may do next about it, above the buttons (pay a paid event's booking). */
  children?: ReactNode;
}

/** Replaces the form once the request is stored. */
export function RequestConfirmation({ heading, kept = false, onBack, onGoHome, children }: RequestConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The submit button focus was on is gone: start reading at the confirmation.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="request-confirmation">
      <svg className="request-confirmation__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="22" />
        <path d="M14 25l7 7 14-15" />
      </svg>
      <h3 ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      <p>{kept ? 'Our team will reach out to you once it has arrived.' : 'Kindly wait for our team to reach out to you as soon as possible.'}</p>
      {children}
      <div className="contact-details-form__actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onGoHome}>Go to Homepage</Button>
      </div>
    </div>
  );
}

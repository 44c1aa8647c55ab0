import { NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE, isApiError, messageOf, prepareToSend, subscribeToNewsletter } from '@agri/api-client';
import { toast, useInteractive } from '@agri/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing to our newsletter!';
export const ALREADY_REGISTERED_MESSAGE = 'This email is already registered for the newsletter.';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

function messageFor(error: unknown): { text: string; clearsField: boolean } {
  if (isApiError(error) && error.status === 400 && error.serverMessage === NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE) {
    return { text: ALREADY_REGISTERED_MESSAGE, clearsField: true };
  }
  // Other failures keep the address so that the visitor can try again.
  return { text: messageOf(error, 'Error subscribing to newsletter'), clearsField: false };
}

/** The footer's newsletter sign-up: one email field and Subscribe. */
export function NewsletterForm() {
  const interactive = useInteractive();
  // Uncontrolled: on a prerendered page a visitor may type before the page is taken over, and React would
  // put a controlled field back to its state. The field is read when the form is sent.
  const field = useRef<HTMLInputElement>(null);
  const clearField = () => {
    if (field.current) field.current.value = '';
  };
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // An address typed before the form's code came: the API client's transport is asked for now (useSiteForm's rule).
  useEffect(() => {
    if (field.current?.value) prepareToSend();
  }, []);
  const id = useId();
  const inputId = `${id}-email`;
  const messageId = `${id}-message`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = field.current?.value.trim() ?? '';
    if (!address || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      await subscribeToNewsletter({ email: address });
      clearField();
      setOutcome({ kind: 'success', text: SUBSCRIBED_MESSAGE });
      toast.info(SUBSCRIBED_MESSAGE);
    } catch (error) {
      const { text, clearsField } = messageFor(error);
      if (clearsField) clearField();
      setOutcome({ kind: 'error', text });
      toast.error(text);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="newsletter" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <div className="newsletter__intro">
        <h2 id={`${id}-title`}>Subscribe to Our Newsletter</h2>
        <p>Course dates, regulatory updates and practical food safety tips, once a month.</p>
      </div>
      <div className="newsletter__entry">
        <div className="newsletter__field">
          <label htmlFor={inputId} className="visually-hidden">
            Email address
          </label>
          <input
            className="ui-input"
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="Your email address"
            ref={field}
            onChange={prepareToSend}
            aria-describedby={outcome ? messageId : undefined}
            aria-invalid={outcome?.kind === 'error' || undefined}
          />
          <button type="submit" className="ui-button ui-button--primary" disabled={sending || !interactive}>
            Subscribe
          </button>
        </div>
        <p id={messageId} className={`newsletter__message newsletter__message--${outcome?.kind ?? 'none'}`} aria-live="polite">
          {outcome?.text}
        </p>
      </div>
    </form>
  );
}

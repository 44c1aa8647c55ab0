import type { ContactDetails } from '@agri/api-client';
import { Button, closesDialog, FormField, PhoneInput, TextField } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { contactDetailsFormSchema, emptyContactDetails, type ContactDetailsFormValues } from './contact-details-schema';
import './contact-details.css';

interface ContactDetailsFormProps {
  submitLabel: string;
  isSubmitting: boolean;
  /** Why the last attempt failed; also shown as a toast, repeated here because the page behind the dialog is inert. */
  errorMessage?: string | undefined;
  onSubmit: (contactDetails: ContactDetails) => Promise<unknown>;
  onCancel: () => void;
  /** The dialog kept in the page it is in: Cancel closes it before the page's code has come. */
  dialogId?: string | undefined;
}

/** Name, email, phone and preferred contact method; the values stay as typed when sending fails. */
export function ContactDetailsForm({ submitLabel, isSubmitting, errorMessage, onSubmit, onCancel, dialogId }: ContactDetailsFormProps) {
  const { register, handleSubmit, errors } = useSiteForm<ContactDetailsFormValues>(contactDetailsFormSchema, emptyContactDetails);

  const send = handleSubmit((values) =>
    onSubmit({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone,
      contactMethod: values.contactMethod,
    }),
  );

  return (
    <form className="contact-details-form" noValidate onSubmit={send} aria-busy={isSubmitting}>
      <TextField label="Full name" error={errors.name?.message} {...register('name')} autoComplete="name" />
      <TextField label="Email" error={errors.email?.message} {...register('email')} type="email" autoComplete="email" />
      <FormField label="Phone number" error={errors.phone?.message}>
        {(control) => <PhoneInput {...control} {...register('phone')} placeholder="712 345 678" />}
      </FormField>
      <FormField label="Preferred contact method" optional>
        {(control) => (
          <select {...control} {...register('contactMethod')} className="ui-input">
            <option value="">No preference</option>
            <option value="Email">Email</option>
            <option value="WhatsApp">WhatsApp</option>
          </select>
        )}
      </FormField>
      <div role="alert" className="contact-details-form__error">
        {errorMessage}
      </div>
      <div className="contact-details-form__actions">
        <Button
          variant="secondary"
          {...closesDialog(dialogId)}
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            'Processing...'
          ) : (
            // Sent before the page's code came, it is held (aria-busy) and says so until it goes (base.css).
            <>
              <span className="ui-button__idle">{submitLabel}</span>
              <span className="ui-button__held" hidden>
                Processing...
              </span>
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

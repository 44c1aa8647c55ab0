import { Button } from '@agri/ui';
import { FormFailure } from './form-failure';

interface FormSubmitProps {
  /** The form is being sent: the button is disabled and says `busyLabel`. */
  busy: boolean;
  /** Why the last send failed (`useSiteForm`'s failure), or null. */
  failure: string | null;
  label: string;
  busyLabel: string;
}

/**
 * The end of a back-office form: why the last send failed, then the send button, which says what it is doing
 * while the form is sent. Every staff form ends so.
 */
export function FormSubmit({ busy, failure, label, busyLabel }: FormSubmitProps) {
  return (
    <>
      <FormFailure message={failure} />
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

import { Button } from './button';
import './form-field.css';

/** Why the last send of a form failed, announced, and kept beside the form (a toast goes away) until it is sent again. */
export function FormFailure({ message }: { message: string | null }) {
  return (
    <p className="ui-form-failure" role="alert">
      {message}
    </p>
  );
}

interface FormSubmitProps {
  /** Why the last send failed (`useSiteForm`'s failure), or null. */
  failure: string | null;
  /** The form is being sent: the button is disabled and says `busyLabel` (e.g. 'Logging in...'). */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** For a step that is not a form's submit (a button that confirms a link's action). */
  onClick?: () => void;
  /** The button takes the form's whole width (the customer's account forms). */
  wide?: boolean;
}

/** The end of every form of the site and the back office: why the last send failed, then the one send button. */
export function FormSubmit({ failure, busy, label, busyLabel, onClick, wide }: FormSubmitProps) {
  return (
    <>
      <FormFailure message={failure} />
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={busy} className={wide ? 'ui-form-submit--wide' : undefined}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

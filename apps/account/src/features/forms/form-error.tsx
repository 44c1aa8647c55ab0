import { Button } from '@agri/ui';

/** The reason a submit failed, announced and kept beside the form (the toast goes away). */
export function FormError({ message }: { message: string | null }) {
  return (
    <p className="account-form__error" role="alert">
      {message}
    </p>
  );
}

interface FormSubmitProps {
  failure: string | null;
  busy: boolean;
  label: string;
  /** What the button says while the form is being sent, e.g. 'Logging in...'. */
  busyLabel: string;
  /** For a step that is not a form submit (a button that confirms). */
  onClick?: () => void;
}

/** The end of an account form: the failure, then the one full-width button. */
export function FormSubmit({ failure, busy, label, busyLabel, onClick }: FormSubmitProps) {
  return (
    <>
      <FormError message={failure} />
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={busy} className="account-form__submit">
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

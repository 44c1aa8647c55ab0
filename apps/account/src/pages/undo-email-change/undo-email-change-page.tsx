import { undoEmailChange } from '@agri/api-client';
import { FormSubmit } from '@agri/ui';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { useMailedLink } from '../../features/session/mailed-link';

/**
 * The link mailed to the old address when someone asks to change an account's email, and again when it
 * changes. Like the confirmation, it waits for a press of the button.
 */
export default function UndoEmailChangePage() {
  const link = useMailedLink(undoEmailChange);

  if (link.done) {
    return (
      <AuthLayout title="Email Change Undone">
        <p className="account-form__notice" role="status">
          {link.done.result}
        </p>
        <AuthLink lead="Next:" to="/forgot-password">
          Choose a new password
        </AuthLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Undo the Email Change"
      intro={
        <p>
          If you did not ask to change your account&apos;s email, press the button: your account keeps this address (or gets it back), and every device is
          logged out.
        </p>
      }
    >
      <div className="account-form">
        <FormSubmit wide failure={link.failure} busy={link.busy} label="Undo Email Change" busyLabel="Undoing..." onClick={link.press} />
      </div>
      <AuthLink lead="It was you?" to="/my-profile">
        Go to My Profile
      </AuthLink>
    </AuthLayout>
  );
}

import { confirmEmailChange } from '@agri/api-client';
import { FormSubmit } from '@agri/ui';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { useMailedLink } from '../../features/session/mailed-link';

/** The link mailed to a new email address: the change waits for a press of the button. */
export default function ConfirmEmailPage() {
  const link = useMailedLink(async (token) => (await confirmEmailChange(token)).user.email);

  if (link.done) {
    return (
      <AuthLayout title="Email Updated">
        <p className="account-form__notice" role="status">
          Your account&apos;s email is now <strong>{link.done.result}</strong>.
        </p>
        <AuthLink to="/my-profile">Go to My Profile</AuthLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Confirm Your New Email" intro={<p>Press the button to make this address your account&apos;s email.</p>}>
      <div className="account-form">
        <FormSubmit wide failure={link.failure} busy={link.busy} label="Confirm New Email" busyLabel="Confirming..." onClick={link.press} />
      </div>
      <AuthLink lead="Link expired?" to="/edit-profile">
        Change your email again
      </AuthLink>
    </AuthLayout>
  );
}

import { confirmEmailChange, messageOf } from '@agri/api-client';
import { useState } from 'react';
import { useParams } from '@agri/ui/router';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { FormSubmit } from '../../features/forms/form-error';
import { ACCOUNT_FALLBACK } from '../../features/loading/account-area';

/**
 * The link mailed to a new email address. The change waits for a press of the button, so a mail
 * scanner that opens links cannot make it on the customer's behalf.
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<{ status: 'idle' | 'saving' } | { status: 'done'; email: string } | { status: 'failed'; message: string }>({
    status: 'idle',
  });

  const confirm = async () => {
    setState({ status: 'saving' });
    try {
      const { user } = await confirmEmailChange(token);
      setState({ status: 'done', email: user.email });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error, ACCOUNT_FALLBACK) });
    }
  };

  if (state.status === 'done') {
    return (
      <AuthLayout title="Email Updated">
        <p className="account-form__notice" role="status">
          Your account&apos;s email is now <strong>{state.email}</strong>.
        </p>
        <AuthLink to="/my-profile">Go to My Profile</AuthLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Confirm Your New Email" intro={<p>Press the button to make this address your account&apos;s email.</p>}>
      <div className="account-form">
        <FormSubmit failure={state.status === 'failed' ? state.message : null} busy={state.status === 'saving'} label="Confirm New Email" busyLabel="Confirming..." onClick={() => void confirm()} />
      </div>
      <AuthLink lead="Link expired?" to="/edit-profile">Change your email again</AuthLink>
    </AuthLayout>
  );
}

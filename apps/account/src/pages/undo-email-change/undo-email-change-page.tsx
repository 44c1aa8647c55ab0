import { messageOf, undoEmailChange } from '@agri/api-client';
import { useState } from 'react';
import { useParams } from '@agri/ui/router';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { FormSubmit } from '../../features/forms/form-error';
import { ACCOUNT_FALLBACK } from '../../features/loading/account-area';

/**
 * The link mailed to the old address when someone asks to change an account's email, and again when it
 * changes. Like the confirmation, it waits for a press of the button, so a mail scanner cannot use it.
 */
export default function UndoEmailChangePage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<{ status: 'idle' | 'saving' } | { status: 'done' | 'failed'; message: string }>({ status: 'idle' });

  const undo = async () => {
    setState({ status: 'saving' });
    try {
      setState({ status: 'done', message: await undoEmailChange(token) });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error, ACCOUNT_FALLBACK) });
    }
  };

  if (state.status === 'done') {
    return (
      <AuthLayout title="Email Change Undone">
        <p className="account-form__notice" role="status">
          {state.message}
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
          If you did not ask to change your account&apos;s email, press the button: your account keeps this address (or gets it back), and
          every device is logged out.
        </p>
      }
    >
      <div className="account-form">
        <FormSubmit
          failure={state.status === 'failed' ? state.message : null}
          busy={state.status === 'saving'}
          label="Undo Email Change"
          busyLabel="Undoing..."
          onClick={() => void undo()}
        />
      </div>
      <AuthLink lead="It was you?" to="/my-profile">
        Go to My Profile
      </AuthLink>
    </AuthLayout>
  );
}

import { ACCOUNT_FALLBACK, COMMON_PASSWORD_MESSAGE, isApiError, resetPassword, resetPasswordRequestSchema, z } from '@agri/api-client';
import { FormSubmit, toast } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { useSiteForm } from '@agri/ui/forms';
import { useNavigate, useParams } from '@agri/ui/router';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { confirmPasswordField, NewPasswordFields, passwordsMatch } from '../../features/forms/new-password';

// The contract's password rule; the confirmation is this form's own.
const resetPasswordSchema = z.extend(resetPasswordRequestSchema, confirmPasswordField).check(passwordsMatch);
type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

/**
 * The page a reset link opens: one document for every link (it holds no token: the card reads it from the
 * address), whose card answers at once, its code fetched at the first touch (an island).
 */
export default function ResetPasswordPage() {
  return <Island name="account/reset-password" component={ResetPasswordCard} props={{}} hydration="interaction" />;
}

export function ResetPasswordCard() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { register, submit, errors, busy, failure } = useSiteForm(
    resetPasswordSchema,
    { password: '', confirmPassword: '' },
    {
      onFailure: toast.error,
    },
  );

  const onSubmit = submit(
    async ({ password }: ResetPasswordForm) => {
      await resetPassword(token, { password });
      toast.success('Password Updated Successfully');
      void navigate('/login', { replace: true });
    },
    // The spec's words for a failed reset (an expired link among them), but for the one refusal the visitor can
    // put right at once: a password the server finds too common.
    (error) => (isApiError(error) && error.serverMessage === COMMON_PASSWORD_MESSAGE ? COMMON_PASSWORD_MESSAGE : ACCOUNT_FALLBACK),
  );

  return (
    <AuthLayout title="Reset Password" intro={<p>Choose a new password for your account.</p>}>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <NewPasswordFields register={register} errors={errors} />
        <FormSubmit wide failure={failure} busy={busy} label="Update Password" busyLabel="Saving..." />
      </form>
      <AuthLink lead="Link expired?" to="/forgot-password">
        Ask for a new one
      </AuthLink>
    </AuthLayout>
  );
}

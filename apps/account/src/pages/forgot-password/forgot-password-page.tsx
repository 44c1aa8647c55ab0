import { ACCOUNT_FALLBACK, forgotPasswordRequestSchema, messageOf, requestPasswordReset, type z } from '@agri/api-client';
import { FormSubmit, TextField, toast } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { useSiteForm } from '@agri/ui/forms';
import { useState } from 'react';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';

type ForgotPasswordForm = z.infer<typeof forgotPasswordRequestSchema>;

/** The forgot-password page: a document whose card answers at once, its code fetched at the first touch (an island). */
export default function ForgotPasswordPage() {
  return <Island name="account/forgot-password" component={ForgotPasswordCard} props={{}} hydration="interaction" />;
}

export function ForgotPasswordCard() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, submit, errors, busy, failure } = useSiteForm(
    forgotPasswordRequestSchema,
    { email: '' },
    {
      onFailure: toast.error,
    },
  );

  const onSubmit = submit(
    async ({ email }: ForgotPasswordForm) => {
      await requestPasswordReset({ email });
      setSentTo(email);
    },
    (error) => messageOf(error, ACCOUNT_FALLBACK),
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <div role="status">
          <p>
            If <strong>{sentTo}</strong> belongs to an account, we have sent it a link to choose a new password. The link can be used once.
          </p>
        </div>
        <AuthLink to="/login">Back to Log In</AuthLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password" intro={<p>Enter your account email and we will send you a link to reset your password.</p>}>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <TextField label="Email Address" error={errors.email?.message} {...register('email')} type="email" autoComplete="email" />
        <FormSubmit wide failure={failure} busy={busy} label="Send Reset Link" busyLabel="Sending..." />
      </form>
      <AuthLink lead="Remembered it?" to="/login">
        Log in
      </AuthLink>
    </AuthLayout>
  );
}

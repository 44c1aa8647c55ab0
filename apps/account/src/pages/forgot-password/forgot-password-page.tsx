import { requestPasswordReset, messageOf } from '@agri/api-client';
import { Button, FormField } from '@agri/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AuthLayout } from '../../features/account-layout/auth-layout';
import { emailField } from '../../features/forms/field-rules';
import { FormError } from '../../features/forms/form-error';
import { ACCOUNT_FALLBACK } from '../../features/loading/account-area';

const forgotPasswordSchema = z.object({ email: emailField });
type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export default function ForgotPasswordPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: ForgotPasswordForm) => {
    setFailure(null);
    try {
      await requestPasswordReset({ email });
      setSentTo(email);
    } catch (error) {
      setFailure(messageOf(error, ACCOUNT_FALLBACK));
      toast.error(messageOf(error, ACCOUNT_FALLBACK));
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <div role="status">
          <p>
            If <strong>{sentTo}</strong> belongs to an account, we have sent it a link to choose a new password. The link
            can be used once.
          </p>
        </div>
        <p className="auth-card__links">
          <Link to="/login">Back to Log In</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password" intro={<p>Enter your account email and we will send you a link to reset your password.</p>}>
      <form className="account-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField label="Email Address" error={errors.email?.message}>
          {(field) => <input {...field} {...register('email')} className="ui-input" type="email" autoComplete="email" />}
        </FormField>
        <FormError message={failure} />
        <Button type="submit" disabled={isSubmitting} className="account-form__submit">
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="auth-card__links">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}

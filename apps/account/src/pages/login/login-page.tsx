import { isApiError, login, selectIsSignedIn, useSession } from '@agri/api-client';
import { Button, FormField } from '@agri/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AuthLayout } from '../../features/account-layout/auth-layout';
import { emailField } from '../../features/forms/field-rules';
import { FormError } from '../../features/forms/form-error';
import { redirectTarget } from '../../features/session/redirect';

const loginFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is Required').min(8, 'Password must be at least 8 characters'),
});
type LoginForm = z.infer<typeof loginFormSchema>;

/** The register page hands over the new customer's email so they only type the password. */
const emailFrom = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

export default function LoginPage() {
  const location = useLocation();
  const isSignedIn = useSession(selectIsSignedIn);
  const [failure, setFailure] = useState<string | null>(null);
  const target = redirectTarget(location.search);
  const askedToLogIn = new URLSearchParams(location.search).has('redirect');

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: emailFrom(location.state), password: '' },
  });

  const onSubmit = async (credentials: LoginForm) => {
    setFailure(null);
    try {
      await login(credentials);
      toast.info('User Logged in Successfully!');
    } catch (error) {
      const message = isApiError(error) && error.serverMessage ? error.serverMessage : 'An error occurred';
      setFailure(message);
      toast.error(message);
    }
  };

  if (isSignedIn) return <Navigate replace to={target} />;

  return (
    <AuthLayout
      title="Log In"
      intro={
        askedToLogIn ? (
          <p>Please log in to continue to your account.</p>
        ) : (
          <p>Welcome back. Log in to see your courses, cart and orders.</p>
        )
      }
    >
      <form className="account-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField label="Email Address" error={errors.email?.message}>
          {(field) => <input {...field} {...register('email')} className="ui-input" type="email" autoComplete="email" />}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(field) => (
            <input {...field} {...register('password')} className="ui-input" type="password" autoComplete="current-password" />
          )}
        </FormField>
        <FormError message={failure} />
        <Button type="submit" disabled={isSubmitting} className="account-form__submit">
          {isSubmitting ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
      <p className="auth-card__links">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p className="auth-card__links">
        New here? <Link to={`/register${location.search}`}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}

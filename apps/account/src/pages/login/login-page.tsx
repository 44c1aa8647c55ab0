import { credentialsSchema, login, messageOf, passwordSchema, selectIsSignedIn, useSession, type Credentials, z } from '@agri/api-client';
import { FormSubmit, TextField, toast, useInteractive } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { useSiteForm } from '@agri/ui/forms';
import { Navigate, useLocation } from '@agri/ui/router';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { usePageSearch } from '../../features/session/page-search';
import { redirectTarget } from '../../features/session/redirect';

/** The register page hands over the new customer's email so they only type the password. */
const emailFrom = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

/** The contract's credentials, with the password rule every account's password meets. */
const loginFormSchema = z.extend(credentialsSchema, { password: passwordSchema });

/** The log-in page: a document whose card answers at once, its code fetched at the first touch (an island). */
export default function LoginPage() {
  return <Island name="account/login" component={LoginCard} props={{}} hydration="interaction" />;
}

export function LoginCard() {
  const location = useLocation();
  const search = usePageSearch();
  const interactive = useInteractive();
  const isSignedIn = useSession(selectIsSignedIn);
  const target = redirectTarget(search);
  const askedToLogIn = new URLSearchParams(search).has('redirect');

  const { register, submit, errors, busy, failure } = useSiteForm(
    loginFormSchema,
    { email: emailFrom(location.state), password: '' },
    { onFailure: toast.error },
  );

  const onSubmit = submit(
    async (credentials: Credentials) => {
      await login(credentials);
      toast.info('User Logged in Successfully!');
    },
    (error) => messageOf(error, 'An error occurred', { from: 'server' }),
  );

  // Only once the card answers: the document was made signed out (never any personal data in it).
  if (interactive && isSignedIn) return <Navigate replace to={target} />;

  return (
    <AuthLayout
      title="Log In"
      intro={askedToLogIn ? <p>Please log in to continue to your account.</p> : <p>Welcome back. Log in to see your courses, cart and orders.</p>}
    >
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <TextField label="Email Address" error={errors.email?.message} {...register('email')} type="email" autoComplete="email" />
        <TextField label="Password" error={errors.password?.message} {...register('password')} type="password" autoComplete="current-password" />
        <FormSubmit wide failure={failure} busy={busy} label="Log In" busyLabel="Logging in..." />
      </form>
      <AuthLink to="/forgot-password">Forgot your password?</AuthLink>
      <AuthLink lead="New here?" to="/register" keepsQuery>
        Create an account
      </AuthLink>
    </AuthLayout>
  );
}

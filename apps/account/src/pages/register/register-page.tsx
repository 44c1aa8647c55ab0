import { login, type Registration } from '@agri/api-client';
import { Island } from '@agri/ui/federation';
import { useNavigate } from '@agri/ui/router';
import { useState } from 'react';
import { AuthLayout, AuthLink } from '../../features/account-layout/auth-layout';
import { usePageSearch } from '../../features/session/page-search';
import { redirectTarget } from '../../features/session/redirect';
import { OtpForm } from './otp-form';
import { RegistrationForm } from './registration-form';

/** The register page: a document whose card answers at once, its code fetched at the first touch (an island). */
export default function RegisterPage() {
  return <Island name="account/register" component={RegisterCard} props={{}} hydration="interaction" />;
}

export function RegisterCard() {
  const navigate = useNavigate();
  const search = usePageSearch();
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [registrationToken, setRegistrationToken] = useState<string | undefined>();
  const [step, setStep] = useState<'details' | 'code'>('details');

  /**
   * A verified code made the account: the customer is signed in with the email and password the form already holds
   * (the login any API answers, ours or the business's hosted one), and taken where they were going. Should that
   * fail, the account stands and the log-in page asks for the password alone.
   */
  const signIn = async ({ email, password }: Registration) => {
    try {
      await login({ email, password });
      void navigate(redirectTarget(search), { replace: true });
    } catch {
      void navigate(`/login${search}`, { state: { email } });
    }
  };

  const showCodeStep = (details: Registration, token: string | undefined) => {
    setRegistration(details);
    setRegistrationToken(token);
    setStep('code');
  };

  return (
    <AuthLayout
      title={step === 'details' ? 'Create an Account' : 'Verify Your Email'}
      intro={step === 'details' ? <p>Register to book courses, keep a cart and follow your orders.</p> : null}
    >
      {step === 'code' && registration ? (
        <OtpForm
          email={registration.email}
          registrationToken={registrationToken}
          onVerified={() => signIn(registration)}
          onChangeDetails={() => setStep('details')}
        />
      ) : (
        <RegistrationForm initial={registration} onCodeSent={showCodeStep} />
      )}
      <AuthLink lead="Already registered?" to="/login" keepsQuery>
        Log in
      </AuthLink>
    </AuthLayout>
  );
}

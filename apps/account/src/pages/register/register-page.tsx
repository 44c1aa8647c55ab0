import { login, type Registration } from '@agri/api-client';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from '@agri/ui/router';
import { AuthLayout } from '../../features/account-layout/auth-layout';
import { redirectTarget } from '../../features/session/redirect';
import { OtpForm } from './otp-form';
import { RegistrationForm } from './registration-form';

export default function RegisterPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
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
      navigate(redirectTarget(search), { replace: true });
    } catch {
      navigate(`/login${search}`, { state: { email } });
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
      <p className="auth-card__links">
        Already registered? <Link to={`/login${search}`}>Log in</Link>
      </p>
    </AuthLayout>
  );
}

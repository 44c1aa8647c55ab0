import { resendOtp, verifyOtp, verifyOtpRequestSchema, z } from '@agri/api-client';
import { Button, FormFailure, FormField, toast } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { useEffect, useState } from 'react';

const otpFormSchema = z.pick(verifyOtpRequestSchema, { otp: true });
type OtpForm = z.infer<typeof otpFormSchema>;

interface OtpFormProps {
  email: string;
  /** From the register answer: the code completes only this browser's registration. */
  registrationToken: string | undefined;
  /** Signs the new customer in; the code's button stays busy meanwhile. */
  onVerified: () => Promise<void>;
  onChangeDetails: () => void;
}

/** Step 2: the 6-digit code from the email creates the account; a new code can be sent. */
export function OtpForm({ email, registrationToken, onVerified, onChangeDetails }: OtpFormProps) {
  const [isResending, setResending] = useState(false);
  const { register, submit, setFocus, clearErrors, errors, busy, failure, fail, clearFailure } = useSiteForm(
    otpFormSchema,
    { otp: '' },
    {
      onFailure: toast.error,
    },
  );

  // The form replaced the details form: take the customer straight to the code field.
  useEffect(() => setFocus('otp'), [setFocus]);

  const onSubmit = submit(
    async ({ otp }: OtpForm) => {
      await verifyOtp({ otp, email }, registrationToken);
      toast.info('User Has been Created Successfully!');
      await onVerified();
    },
    () => 'OTP verification failed',
  );

  // A new code is no mistake of the customer's: the code field says nothing of being left empty for it.
  const resend = async () => {
    clearFailure();
    clearErrors('otp');
    setResending(true);
    try {
      await resendOtp({ email }, registrationToken);
      toast.info('OTP has been resent to your email');
    } catch {
      fail('OTP resend failed');
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <p>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below to finish creating your account.
      </p>
      <FormField label="Verification Code (OTP)" error={errors.otp?.message} hint="The code expires after a few minutes.">
        {(field) => (
          <input {...field} {...register('otp')} className="ui-input account-form__otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        )}
      </FormField>
      <FormFailure message={failure} />
      <div className="account-form__actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify Code'}
        </Button>
        {/* Pressed, it keeps the focus in the code field (nothing is left, so no message), as a key press does. */}
        <Button variant="secondary" onPointerDown={(event) => event.preventDefault()} onClick={() => void resend()} disabled={isResending}>
          {isResending ? 'Sending...' : 'Resend Code'}
        </Button>
      </div>
      <p className="auth-card__links">
        Wrong email?{' '}
        <button type="button" className="link-button" onClick={onChangeDetails}>
          Change your details
        </button>
      </p>
    </form>
  );
}

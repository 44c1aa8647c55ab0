import { useState } from 'react';
import { Button, FormSubmit, TextField } from '@agri/ui';
import { confirmTotpSetup, totpConfirmRequestSchema, type TotpEnrolment } from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';
import { QrCode } from './qr-code';

interface TotpSetupProps {
  /** The sign-in step's token. */
  token: string;
  totp: TotpEnrolment;
  /** The first code is confirmed: the member is signed in, and the recovery codes are on the screen. */
  onConfirmed: () => void;
  /** The member has kept the recovery codes. */
  onDone: () => void;
}

/**
 * The first sign-in, after an invitation: scan the code (or type the key) into an authenticator app, confirm with its first code,
 * then keep the recovery codes, which are shown this once.
 */
export function TotpSetup({ token, totp, onConfirmed, onDone }: TotpSetupProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { register, errors, busy, failure, submit } = useSiteForm(totpConfirmRequestSchema, { code: '' });
  if (recoveryCodes) {
    return (
      <div className="staff-form">
        <h2>Keep your recovery codes</h2>
        <p>Each code signs you in once if you lose your phone. Write them down or print this page and keep them somewhere safe: they are not shown again.</p>
        <ul className="staff-codes" aria-label="Recovery codes">
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button onClick={onDone}>I have kept them: continue</Button>
      </div>
    );
  }
  return (
    <form
      className="staff-form"
      noValidate
      onSubmit={submit(async ({ code }) => {
        setRecoveryCodes((await confirmTotpSetup(token, code)).recoveryCodes);
        onConfirmed();
      })}
    >
      <h2>Set up your authenticator app</h2>
      <p>Scan this code with an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis or any TOTP app).</p>
      <QrCode text={totp.uri} label="QR code for your authenticator app" />
      <p className="staff-muted">
        Cannot scan? Enter this key in the app: <span className="staff-secret">{totp.secret}</span>
      </p>
      <TextField label="The 6-digit code the app shows" inputMode="numeric" autoComplete="one-time-code" error={errors.code?.message} {...register('code')} />
      <FormSubmit busy={busy} failure={failure} label="Confirm" busyLabel="Checking..." />
    </form>
  );
}

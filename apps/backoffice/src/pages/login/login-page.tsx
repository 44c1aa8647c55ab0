import { useState } from 'react';
import { Button, FormFailure, FormSubmit, TextField } from '@agri/ui';
import { useLocation, useNavigate } from '@agri/ui/router';
import { z } from '@agri/api-client';
import { confirmSecondFactor, signIn, staffCredentialsSchema } from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';
import { StaffDoor } from '../../features/layout/staff-layout';

const codeFormSchema = z.object({ code: z.string().check(z.trim(), z.minLength(1, 'Enter the code')) });

/** Only a back-office path: a sign-in link can never send a member elsewhere. */
function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/staff(\/|$)/.test(next) && !next.startsWith('//') ? next : '/staff/leads';
}

function SecondFactor({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const { register, errors, busy, failure, submit, reset } = useSiteForm(codeFormSchema, { code: '' });
  const label = recovery ? 'Recovery code' : 'The 6-digit code from your authenticator app';
  return (
    <form
      className="staff-form"
      noValidate
      onSubmit={submit(async ({ code }) => {
        const step = await confirmSecondFactor(token, recovery ? { recoveryCode: code } : { code });
        if (step.stage === 'signed-in') onSignedIn();
      })}
    >
      <TextField
        key={String(recovery)}
        label={label}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        error={errors.code?.message}
        {...register('code')}
      />
      <FormFailure message={failure} />
      <div className="staff-actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking...' : 'Sign in'}
        </Button>
        <button
          type="button"
          className="staff-link-button"
          onClick={() => {
            setRecovery(!recovery);
            reset({ code: '' });
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
      </div>
    </form>
  );
}

/**
 * /staff/login: password, then the second factor. The authenticator is set up only through an invitation
 * (invitation-page.tsx): a member who has not finished is told so by the server.
 */
export default function LoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [stepToken, setStepToken] = useState<string | null>(null);
  const { register, errors, busy, failure, submit } = useSiteForm(staffCredentialsSchema, { email: '', password: '' });
  const done = () => navigate(nextPath(search), { replace: true });

  if (stepToken) {
    return (
      <StaffDoor title="Enter your code">
        <SecondFactor token={stepToken} onSignedIn={done} />
      </StaffDoor>
    );
  }
  return (
    <StaffDoor title="Staff sign in">
      <form className="staff-form" noValidate onSubmit={submit(async (credentials) => setStepToken((await signIn(credentials)).token))}>
        <TextField label="Email" type="email" autoComplete="username" error={errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <FormSubmit busy={busy} failure={failure} label="Continue" busyLabel="Signing in..." />
      </form>
    </StaffDoor>
  );
}

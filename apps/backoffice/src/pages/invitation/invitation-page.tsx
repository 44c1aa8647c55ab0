import { useEffect, useState } from 'react';
import { FormSubmit, Spinner, TextField } from '@agri/ui';
import { useNavigate, useParams } from '@agri/ui/router';
import { messageOf, z } from '@agri/api-client';
import { acceptInvitation, acceptInvitationRequestSchema, getInvitation, totpSetupStepSchema, type TotpSetupStep } from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';
import { StaffDoor } from '../../features/layout/staff-layout';
import { TotpSetup } from '../../features/totp/totp-setup';

// The contract's password rule; the confirmation is this form's own.
const passwordFormSchema = z
  .extend(acceptInvitationRequestSchema, { confirm: z.string().check(z.minLength(1, 'Please type the password again')) })
  .check(z.refine((form) => form.password === form.confirm, { path: ['confirm'], message: 'The passwords do not match' }));

/**
 * The setup under way, kept for this tab alone (sessionStorage): a reload goes on with it, while the link, used
 * once, no longer opens. Nowhere else can finish it (the server gives the secret to no password sign-in).
 */
const setupKey = (token: string) => `staff-totp-setup:${token}`;

function keptSetup(token: string): TotpSetupStep | null {
  try {
    const parsed = totpSetupStepSchema.safeParse(JSON.parse(sessionStorage.getItem(setupKey(token)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** /staff/invitation/:token: the invited member chooses a password, then sets up the authenticator. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<{ email: string } | { problem: string } | null>(null);
  const [setup, setSetup] = useState<TotpSetupStep | null>(() => keptSetup(token));
  const { register, errors, busy, failure, submit } = useSiteForm(passwordFormSchema, { password: '', confirm: '' });

  useEffect(() => {
    if (setup) return;
    getInvitation(token).then(setInvitation, (error: unknown) => setInvitation({ problem: messageOf(error, 'This invitation cannot be opened.') }));
  }, [token, setup]);

  if (setup) {
    return (
      <StaffDoor title="Set up your second factor">
        <TotpSetup
          token={setup.token}
          totp={setup.totp}
          onConfirmed={() => sessionStorage.removeItem(setupKey(token))}
          onDone={() => navigate('/staff/leads', { replace: true })}
        />
      </StaffDoor>
    );
  }
  if (!invitation) {
    return (
      <StaffDoor title="Welcome to the team">
        <Spinner label="Opening your invitation" />
      </StaffDoor>
    );
  }
  if ('problem' in invitation) {
    return (
      <StaffDoor title="Invitation not valid">
        <p role="alert">{invitation.problem}</p>
      </StaffDoor>
    );
  }
  return (
    <StaffDoor title="Welcome to the team">
      <form
        className="staff-form"
        noValidate
        onSubmit={submit(async ({ password }) => {
          const accepted = await acceptInvitation(token, password);
          sessionStorage.setItem(setupKey(token), JSON.stringify(accepted));
          setSetup(accepted);
        })}
      >
        <p>
          Choose a password for <strong>{invitation.email}</strong>. Next you will set up an authenticator app on your phone.
        </p>
        <input type="email" hidden readOnly autoComplete="username" value={invitation.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField label="Password again" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
        <FormSubmit busy={busy} failure={failure} label="Continue" busyLabel="Saving..." />
      </form>
    </StaffDoor>
  );
}

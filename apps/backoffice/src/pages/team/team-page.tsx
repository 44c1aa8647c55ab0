import { useState } from 'react';
import { Button, DataAreaView, FormField, FormSubmit, TextField, toast, useAction } from '@agri/ui';
import { createDataArea, useDataAreaFor } from '@agri/api-client';
import {
  getTeam,
  inviteStaff,
  inviteStaffRequestSchema,
  removeStaff,
  resetSecondFactor,
  STAFF_ROLES,
  useStaffSession,
  type TeamMember,
} from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';
import { ConfirmDialog } from '../../features/layout/confirm-dialog';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';

// Read on every visit: another admin may have changed the team.
const useTeamStore = createDataArea('backoffice/team', getTeam, { everyVisit: true });

function InviteForm() {
  const { register, errors, busy, failure, submit, reset } = useSiteForm(inviteStaffRequestSchema, { email: '', role: 'staff' as const });
  return (
    <form
      className="staff-form staff-form--wide staff-card"
      noValidate
      onSubmit={submit(async (request) => {
        await inviteStaff(request);
        toast.success(`Invitation mailed to ${request.email}`);
        reset({ email: '', role: request.role });
        await useTeamStore.getState().run();
      })}
    >
      <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
      <FormField label="Role" error={errors.role?.message}>
        {(control) => (
          <select {...control} {...register('role')} className="ui-input staff-select">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role === 'admin' ? 'Admin (also manages the team, reads the audit log)' : 'Staff'}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="staff-form__full">
        <FormSubmit busy={busy} failure={failure} label="Send the invitation" busyLabel="Sending..." />
      </div>
    </form>
  );
}

/** What an admin may do to another member, each asked for in a dialog first. */
const ACTIONS = {
  remove: {
    title: (email: string) => `Remove ${email}?`,
    explanation: 'They are signed out at once and can no longer sign in. You can invite them again later.',
    confirm: 'Remove',
    keep: 'Keep them',
    run: removeStaff,
    done: (email: string) => `${email} was removed`,
    failed: 'Could not remove them',
  },
  reset: {
    title: (email: string) => `Reset the second factor of ${email}?`,
    explanation:
      'For a lost phone or a setup left unfinished. They are signed out at once; their password, authenticator and recovery codes stop working, and a new invitation is mailed to them to set up both again.',
    confirm: 'Reset and send a new invitation',
    keep: 'Cancel',
    run: resetSecondFactor,
    done: (email: string) => `A new invitation was mailed to ${email}`,
    failed: 'Could not reset the second factor',
  },
} as const;
type Action = keyof typeof ACTIONS;

/** /staff/team (admins): who is on the team, invitations, resets of a second factor, removals. */
export default function TeamPage() {
  const area = useDataAreaFor(useTeamStore);
  const me = useStaffSession((state) => state.staff);
  const [asking, setAsking] = useState<{ action: Action; member: TeamMember } | null>(null);
  const { busyWith: busy, act: perform } = useAction<string>();
  const act = (action: Action, member: TeamMember) => {
    setAsking(null);
    return perform(
      async () => {
        await ACTIONS[action].run(member.id);
        await area.run();
      },
      { done: ACTIONS[action].done(member.email), failed: ACTIONS[action].failed },
      member.id,
    );
  };
  return (
    <>
      <h1>Team</h1>
      <h2>Invite someone</h2>
      <InviteForm />
      <h2>Members</h2>
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel="Loading the team"
        failure={{ title: 'Could not load the team' }}
        onRetry={() => void area.run()}
      >
        {(members) => (
          <StaffTable columns={['Email', 'Role', 'State', 'Since', 'Actions']}>
            {members.map((member) => (
              <tr key={member.id}>
                <td>{member.email}</td>
                <td>{member.role}</td>
                <td>
                  <span className={`staff-badge${member.state === 'removed' ? ' staff-badge--off' : ''}`}>{member.state}</span>
                </td>
                <td>{when(member.createdAt)}</td>
                <td>
                  {member.state !== 'removed' && member.id !== me?.id ? (
                    <MemberActions member={member} busy={busy === member.id} onAsk={(action) => setAsking({ action, member })} />
                  ) : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </DataAreaView>
      {asking ? (
        <ConfirmDialog
          title={ACTIONS[asking.action].title(asking.member.email)}
          confirm={ACTIONS[asking.action].confirm}
          onConfirm={() => void act(asking.action, asking.member)}
          onKeep={() => setAsking(null)}
          keep={ACTIONS[asking.action].keep}
        >
          {ACTIONS[asking.action].explanation}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** What an admin may do to another member: reset an active member's second factor, or remove them. */
function MemberActions({ member, busy, onAsk }: { member: TeamMember; busy: boolean; onAsk: (action: Action) => void }) {
  return (
    <div className="staff-actions">
      {member.state === 'active' ? (
        <Button variant="ghost" disabled={busy} aria-label={`Reset second factor of ${member.email}`} onClick={() => onAsk('reset')}>
          Reset second factor
        </Button>
      ) : null}
      <Button variant="ghost" disabled={busy} aria-label={`Remove ${member.email}`} onClick={() => onAsk('remove')}>
        Remove
      </Button>
    </div>
  );
}

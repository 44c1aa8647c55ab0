import { useEffect, useState } from 'react';
import { Button, DataAreaView, Dialog, FormField, TextField, toast } from '@agri/ui';
import { createDataArea, messageOf } from '@agri/api-client';
import { getTeam, inviteStaff, inviteStaffRequestSchema, removeStaff, STAFF_ROLES, useStaffSession, type TeamMember } from '@agri/api-client/staff';
import { FormSubmit } from '../../features/forms/form-submit';
import { useSiteForm } from '@agri/ui/forms';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';

const useTeamStore = createDataArea('backoffice/team', getTeam);

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

/** /staff/team (admins): who is on the team, invitations, removals. */
export default function TeamPage() {
  const area = useTeamStore();
  const me = useStaffSession((state) => state.staff);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  useEffect(() => {
    void useTeamStore.getState().run();
  }, []);
  const remove = async (member: TeamMember) => {
    setRemoving(null);
    try {
      await removeStaff(member.id);
      toast.success(`${member.email} was removed`);
      await area.run();
    } catch (error) {
      toast.error(messageOf(error, 'Could not remove them'));
    }
  };
  return (
    <>
      <h1>Team</h1>
      <h2>Invite someone</h2>
      <InviteForm />
      <h2>Members</h2>
      <DataAreaView area={area} placeholder={<ListPlaceholder />} loadingLabel="Loading the team" failure={{ title: 'Could not load the team' }} onRetry={() => void area.run()}>
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
                      <Button variant="ghost" aria-label={`Remove ${member.email}`} onClick={() => setRemoving(member)}>
                        Remove
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
        </StaffTable>
        )}
      </DataAreaView>
      {removing ? (
        <Dialog open title={`Remove ${removing.email}?`} onClose={() => setRemoving(null)}>
          <p>They are signed out at once and can no longer sign in. You can invite them again later.</p>
          <div className="staff-actions">
            <Button onClick={() => void remove(removing)}>Remove</Button>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Keep them
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

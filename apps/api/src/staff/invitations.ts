import { randomBytes } from 'node:crypto';
import type { StaffRole, TeamMember } from '@agri/api-client/staff-contract';
import { sha256 } from '../accounts/one-time-tokens';
import { newId } from '../dialect';
import { HttpError } from '../http';
import type { Services } from '../services';
import { audit, type Actor } from './audit';

/** An invitation link works once, for three days. */
const INVITATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export interface StaffRow {
  id: string;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  created_at: Date;
  removed_at: Date | null;
}

export const toTeamMember = (row: StaffRow): TeamMember => ({
  id: row.id,
  email: row.email,
  role: row.role,
  state: row.removed_at ? 'removed' : row.password_hash ? 'active' : 'invited',
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Invites `email` to the team with `role` and mails the link (the first admin from the terminal, the others by
 * an admin). A removed member can be invited back: they start again with a new password and authenticator.
 * A pending invitation is replaced by the new one.
 */
export async function inviteStaff(services: Services, by: Actor, email: string, role: StaffRole): Promise<TeamMember> {
  const { db, config, mailer } = services;
  const address = email.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.query<StaffRow>('SELECT * FROM staff WHERE email = $1 FOR UPDATE', [address]);
    if (existing && !existing.removed_at && existing.password_hash) throw new HttpError(409, `${address} is already on the team`);
    const [member] = existing
      ? await tx.query<StaffRow>(
          `UPDATE staff SET role = $2, removed_at = NULL, password_hash = NULL, totp_secret = NULL, totp_enabled_at = NULL,
             totp_last_step = NULL WHERE id = $1 RETURNING *`,
          [existing.id, role],
        )
      : await tx.query<StaffRow>('INSERT INTO staff (id, email, role) VALUES ($1, $2, $3) RETURNING *', [newId('reference'), address, role]);
    await tx.query('DELETE FROM staff_invitations WHERE staff_id = $1', [member!.id]);
    await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [member!.id]);
    await tx.query('INSERT INTO staff_invitations (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)', [
      sha256(token),
      member!.id,
      new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
    ]);
    await audit(tx, by, 'staff invited', `staff:${member!.id}`, { before: existing ? toTeamMember(existing) : undefined, after: { email: address, role } });
    return member!;
  });
  await mailer.send({
    to: address,
    subject: 'You are invited to the Mavuno back office',
    text: [
      'Hello,',
      '',
      `You have been invited to the back office of Mavuno Agri-Food Consultants as ${role === 'admin' ? 'an admin' : 'a member of staff'}.`,
      `Choose your password and set up your authenticator app within three days with this link (it works once):`,
      `${config.siteUrl}/staff/invitation/${token}`,
      '',
      'You will need an authenticator app on your phone (any app that reads TOTP codes, such as Google Authenticator,',
      'Microsoft Authenticator or Aegis). If you did not expect this, ignore this email.',
    ].join('\n'),
  });
  return toTeamMember(row);
}

import { randomBytes } from 'node:crypto';
import type { StaffRole, TeamMember } from '@agri/api-client/staff-contract';
import { sha256 } from '../accounts/one-time-tokens';
import { newId } from '../dialect';
import { HttpError } from '../http-error';
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import type { Services } from '../services';
import { endAllSessions, type SignedInStaff } from './staff-sessions';
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

/** A new invitation link for `member` (the last one stops working), and the member's sign-in cleared. */
async function newInvitation(tx: Queryable, memberId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query('DELETE FROM staff_invitations WHERE staff_id = $1', [memberId]);
  await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [memberId]);
  await tx.query('INSERT INTO staff_invitations (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)', [
    sha256(token),
    memberId,
    new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
  ]);
  return token;
}

const CLEARED_SIGN_IN = 'password_hash = NULL, totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL';

function invitationMail(config: Config, address: string, role: StaffRole, token: string, reset: boolean) {
  return {
    to: address,
    subject: reset ? 'Set up your Mavuno back office sign-in again' : 'You are invited to the Mavuno back office',
    text: [
      'Hello,',
      '',
      reset
        ? 'An admin has reset your sign-in to the back office of Mavuno Agri-Food Consultants: your old password, authenticator and recovery codes no longer work.'
        : `You have been invited to the back office of Mavuno Agri-Food Consultants as ${role === 'admin' ? 'an admin' : 'a member of staff'}.`,
      `Choose your password and set up your authenticator app within three days with this link (it works once):`,
      `${config.siteUrl}/staff/invitation/${token}`,
      '',
      'You will need an authenticator app on your phone (any app that reads TOTP codes, such as Google Authenticator,',
      'Microsoft Authenticator or Aegis). If you did not expect this, ignore this email.',
    ].join('\n'),
  };
}

/**
 * Invites `email` to the team with `role` and mails the link (the first admin from the terminal, the others by
 * an admin). A removed member can be invited back: they start again with a new password and authenticator.
 * A pending invitation is replaced by the new one.
 */
export async function inviteStaff(services: Services, by: Actor, email: string, role: StaffRole): Promise<TeamMember> {
  const { db, config, mailer } = services;
  const address = email.toLowerCase();
  const { row, token } = await db.transaction(async (tx) => {
    const [existing] = await tx.query<StaffRow>('SELECT * FROM staff WHERE email = $1 FOR UPDATE', [address]);
    if (existing && !existing.removed_at && existing.password_hash) throw new HttpError(409, `${address} is already on the team`);
    const [member] = existing
      ? await tx.query<StaffRow>(`UPDATE staff SET role = $2, removed_at = NULL, ${CLEARED_SIGN_IN} WHERE id = $1 RETURNING *`, [existing.id, role])
      : await tx.query<StaffRow>('INSERT INTO staff (id, email, role) VALUES ($1, $2, $3) RETURNING *', [newId('reference'), address, role]);
    const token = await newInvitation(tx, member!.id);
    await audit(tx, by, 'staff invited', `staff:${member!.id}`, { before: existing ? toTeamMember(existing) : undefined, after: { email: address, role } });
    return { row: member!, token };
  });
  await mailer.send(invitationMail(config, address, role, token, false));
  return toTeamMember(row);
}

/**
 * An admin's reset of a member's second factor (a lost phone, a setup left unfinished): the password,
 * authenticator and recovery codes stop working, every session ends, and a new invitation is mailed, with which
 * the member signs in the first time again.
 */
export async function resetSecondFactor(services: Services, by: SignedInStaff, staffId: string): Promise<TeamMember> {
  const { db, config, mailer } = services;
  if (staffId === by.id) throw new HttpError(400, 'You cannot reset your own second factor: ask another admin.');
  const { row, token } = await db.transaction(async (tx) => {
    const [before] = await tx.query<StaffRow>('SELECT * FROM staff WHERE id = $1 AND removed_at IS NULL FOR UPDATE', [staffId]);
    if (!before) throw new HttpError(404, 'Staff member not found');
    const [after] = await tx.query<StaffRow>(`UPDATE staff SET ${CLEARED_SIGN_IN} WHERE id = $1 RETURNING *`, [staffId]);
    await endAllSessions(tx, staffId);
    const token = await newInvitation(tx, staffId);
    await audit(tx, by, 'second factor reset', `staff:${staffId}`, { before: toTeamMember(before), after: toTeamMember(after!) });
    return { row: after!, token };
  });
  await mailer.send(invitationMail(config, row.email, row.role, token, true));
  return toTeamMember(row);
}

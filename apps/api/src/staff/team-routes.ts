import { Hono } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import { inviteStaffRequestSchema, staffRoleSchema, type AuditEntry } from '@agri/api-client/staff-contract';
import { bearer, check, readBody } from '../http';
import { HttpError } from '../http-error';
import { claimKey, once } from '../idempotency';
import { pathId } from '../request-guards';
import type { Services } from '../services';
import { audit } from './audit';
import { inviteStaff, resetSecondFactor, toTeamMember, type StaffRow } from './invitations';
import { listSignInFailures } from './sign-in-failures';
import { endAllSessions, type StaffEnv, type StaffSessions } from './staff-sessions';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { z } from '@agri/api-client/contract';

const AUDIT_PAGE = 100;

interface AuditRow {
  id: string;
  at: Date;
  staff_email: string | null;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
}

/** Admins: the team (invite, reset a second factor, remove) and the audit log, which they read and nobody writes through the API. */
export function teamRoutes(services: Services, sessions: StaffSessions): Hono<StaffEnv> {
  const { db } = services;
  const admin = sessions.require('admin');
  return new Hono<StaffEnv>()
    .get('/team', admin, async (c) => c.json((await db.query<StaffRow>('SELECT * FROM staff ORDER BY removed_at NULLS FIRST, email')).map(toTeamMember)))
    .post('/team', admin, once(services), async (c) => {
      const { email, role } = await readBody(c, inviteStaffRequestSchema);
      await claimKey(c);
      return c.json(await inviteStaff(services, c.get('staff'), email, role));
    })
    .delete('/team/:id', admin, async (c) => {
      const id = pathId(c, 'Staff member');
      const by = c.get('staff');
      if (id === by.id) throw new HttpError(400, 'You cannot remove yourself: ask another admin.');
      const removed = await db.transaction(async (tx) => {
        const [before] = await tx.query<StaffRow>('SELECT * FROM staff WHERE id = $1 AND removed_at IS NULL FOR UPDATE', [id]);
        if (!before) return null;
        const [after] = await tx.query<StaffRow>('UPDATE staff SET removed_at = now() WHERE id = $1 RETURNING *', [id]);
        // Their sessions end now; a token they still hold is refused as a removed member's (403).
        await endAllSessions(tx, id);
        await audit(tx, by, 'staff removed', `staff:${id}`, { before: toTeamMember(before), after: toTeamMember(after!) });
        return after!;
      });
      if (!removed) throw new HttpError(404, 'Staff member not found');
      return c.json(toTeamMember(removed));
    })
    .post('/team/:id/second-factor-reset', admin, async (c) => c.json(await resetSecondFactor(services, c.get('staff'), pathId(c, 'Staff member'))))
    .get('/sign-in-failures', admin, async (c) => c.json(await listSignInFailures(db)))
    .get('/audit', admin, async (c) => {
      const before = c.req.query('before');
      const rows = await db.query<AuditRow>(
        // By the table's column: a bare "id" in ORDER BY is the select list's text alias ('999' > '1000').
        `SELECT id::text, at, staff_email, action, subject, before, after FROM audit_log
         WHERE ($1::bigint IS NULL OR id < $1::bigint) ORDER BY audit_log.id DESC LIMIT ${AUDIT_PAGE}`,
        [before && /^\d{1,18}$/.test(before) ? before : null],
      );
      return c.json(
        rows.map((row): AuditEntry => ({
          id: row.id,
          at: new Date(row.at).toISOString(),
          staffEmail: row.staff_email,
          action: row.action,
          subject: row.subject,
          before: row.before,
          after: row.after,
        })),
      );
    });
}

// ---- The terminal: `npm run staff -- add <email> --role admin` ----

/** The audience of the terminal's one-minute token, signed with the server secret (see staff-cli.ts). */
export const TERMINAL_AUDIENCE = 'staff-terminal';
const terminalInvitationSchema = z.object({ email: z.string(), role: staffRoleSchema });

/** Signs the terminal's request: only someone who can read the server secret on its machine can. */
export async function signTerminalRequest(jwtSecret: string, invitation: { email: string; role: string }): Promise<string> {
  return new SignJWT({ invitation })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(TERMINAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(new TextEncoder().encode(jwtSecret));
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** From this machine, not through a proxy: the socket's address is a loopback one and no proxy header came. */
function fromThisMachine(c: Context): boolean {
  if (c.req.header('X-Forwarded-For') || c.req.header('Forwarded') || c.req.header('X-Real-IP')) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}

/**
 * The terminal's way in, for the first admin: PGlite's data belongs to the running API's process, so the
 * command asks the API rather than opening the database. Refused unless it comes from this machine, not
 * through a proxy, with a token signed by the server secret for this very invitation.
 */
export function terminalRoutes(services: Services): Hono {
  const key = new TextEncoder().encode(services.config.jwtSecret);
  return new Hono().post('/invitation', async (c) => {
    const token = bearer(c);
    if (!token) throw new HttpError(401, "Run `npm run staff` on the API's machine");
    if (!fromThisMachine(c)) throw new HttpError(403, "Invitations from the terminal are taken only on the API's own machine");
    let invitation;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: TERMINAL_AUDIENCE });
      invitation = check(terminalInvitationSchema, payload.invitation);
    } catch {
      throw new HttpError(403, 'This request is not signed with the server secret');
    }
    const { email, role } = await readBody(c, inviteStaffRequestSchema);
    if (email.toLowerCase() !== invitation.email.toLowerCase() || role !== invitation.role) {
      throw new HttpError(403, 'This request is not signed with the server secret');
    }
    return c.json(await inviteStaff(services, { id: null, email: 'terminal' }, email, role));
  });
}

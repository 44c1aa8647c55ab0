import { eastAfricaTime, formatKes } from '@agri/api-client/contract';
import { LEAD_KIND_LABELS } from '@agri/api-client/staff-contract';
import type { Db } from '../db/db';
import type { Logger } from '../log';
import { timedWorker, type TimedWorker } from '../timed-worker';
import { mailLine, type Mail, type Mailer } from '../mail';
import type { Config } from '../config';
import { LEAD_SELECT, type LeadRow } from './leads';

/** Only one instance mails at a time: the others find the leads already taken. */
const NOTIFY_LOCK = 4_210_025;
/** A digest names this many leads; the inbox has the rest. */
const DIGEST_LINES = 100;
/**
 * How long a claim keeps its leads from the other instances while their mails are sent: longer than sending
 * a minute's mails takes (the mailer gives up on a silent server within about 35 s, retries included). The
 * leads of a process that died meanwhile are mailed once it has passed.
 */
const CLAIM_LEASE = '10 minutes';

/** Plain text only, and one line for a header: nothing a visitor typed can become markup or a new header. */

function leadText(row: LeadRow, inbox: string): string {
  const lines = [
    `${LEAD_KIND_LABELS[row.kind]} received ${eastAfricaTime(new Date(row.created_at))}`,
    '',
    `Name:    ${row.name || '-'}`,
    `Email:   ${row.email}`,
    `Phone:   ${row.phone || '-'}`,
  ];
  if (row.contact_method !== null) lines.push(`Contact: ${row.contact_method || 'no preference'}`);
  if (row.event) lines.push(`Event:   ${row.event.title}, ${row.event.startDate} to ${row.event.endDate}, ${formatKes(row.event.price)}`);
  if (row.course) lines.push(`Course:  ${row.course.title}, ${row.course.duration}, ${formatKes(row.course.price)}`);
  if (row.comment !== null) lines.push('', 'Message:', row.comment);
  lines.push('', `Open it in the back office: ${inbox}/${encodeURIComponent(row.id)}`);
  return lines.join('\n');
}

function digestLine(row: LeadRow): string {
  return `- ${LEAD_KIND_LABELS[row.kind]}: ${mailLine(row.name) || row.email}, ${row.email}${row.phone ? `, ${row.phone}` : ''}${row.about ? ` (${mailLine(row.about)})` : ''}`;
}

/** A mail to the business, and the leads it tells of. */
interface NotificationMail {
  subject: string;
  text: string;
  leads: string[];
}

/** The mails for `leads` within `budget`: one each while they fit, the rest in a single digest. */
export function notificationMails(leads: LeadRow[], budget: number, inbox: string): NotificationMail[] {
  const single = leads.length <= budget ? leads : leads.slice(0, budget - 1);
  const rest = leads.slice(single.length);
  const mails = single.map((row) => ({
    subject: mailLine(`New ${LEAD_KIND_LABELS[row.kind].toLowerCase()}: ${row.name || row.email}`).slice(0, 150),
    text: leadText(row, inbox),
    leads: [row.id],
  }));
  if (rest.length > 0) {
    const lines = rest.slice(0, DIGEST_LINES).map(digestLine);
    if (rest.length > DIGEST_LINES) lines.push(`…and ${rest.length - DIGEST_LINES} more.`);
    mails.push({
      subject: `${rest.length} new leads`,
      text: [`${rest.length} new leads arrived faster than one mail each:`, '', ...lines, '', `Open the inbox: ${inbox}`].join('\n'),
      leads: rest.map((row) => row.id),
    });
  }
  return mails;
}

/**
 * Tells the business of each new lead: the leads table fills by itself (a trigger on each table a visitor
 * writes to); every couple of seconds this mails the ones not yet told to STAFF_NOTIFY_EMAIL through the
 * mailer, at most `notifyPerMinute` mails a minute across all instances, the surplus in one digest, so a
 * flood of bookings cannot flood the business's mailbox.
 */
export function createLeadNotifier(db: Db, mailer: Mailer, { staff: config, siteUrl }: Pick<Config, 'staff' | 'siteUrl'>, log: Logger): TimedWorker {
  const inbox = `${siteUrl}/staff/leads`;

  /** Takes the leads to mail for CLAIM_LEASE and counts the mails, in one short transaction; sends after it. */
  async function claim(): Promise<NotificationMail[] | null> {
    return db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [NOTIFY_LOCK]);
      if (!lock?.locked) return null;
      const [sent] = await tx.query<{ mails: number }>(
        "SELECT count(*)::int AS mails FROM lead_notification_mails WHERE sent_at > now() - interval '1 minute'",
      );
      const budget = config.notifyPerMinute - (sent?.mails ?? 0);
      if (budget <= 0) return null;
      const leads = await tx.query<LeadRow>(
        `${LEAD_SELECT} WHERE l.notified_at IS NULL AND (l.notify_claimed_until IS NULL OR l.notify_claimed_until <= now())
         ORDER BY l.created_at, l.id LIMIT 5000`,
      );
      if (leads.length === 0) return null;
      await tx.query(`UPDATE leads SET notify_claimed_until = now() + interval '${CLAIM_LEASE}' WHERE id = ANY($1)`, [leads.map((lead) => lead.id)]);
      const mails = notificationMails(leads, budget, inbox);
      for (const mail of mails) await tx.query('INSERT INTO lead_notification_mails (leads) VALUES ($1)', [mail.leads.length]);
      return mails;
    });
  }

  /** Sends the claimed mails in turn; a mail's leads count as told once it went, and no sooner. */
  async function send(mails: NotificationMail[]): Promise<void> {
    for (const [sent, mail] of mails.entries()) {
      try {
        for (const to of config.notifyEmails) await mailer.send({ to, subject: mail.subject, text: mail.text } satisfies Mail);
      } catch (error) {
        // The leads not told yet are free for a later tick; the ones told are not told again.
        await db.query('UPDATE leads SET notify_claimed_until = NULL WHERE id = ANY($1)', [mails.slice(sent).flatMap((unsent) => unsent.leads)]);
        throw error;
      }
      await db.query('UPDATE leads SET notified_at = now(), notify_claimed_until = NULL WHERE id = ANY($1)', [mail.leads]);
    }
  }

  return timedWorker(
    async () => {
      if (config.notifyEmails.length === 0) return;
      const mails = await claim();
      if (mails) await send(mails);
    },
    log,
    'lead notification failed',
  );
}

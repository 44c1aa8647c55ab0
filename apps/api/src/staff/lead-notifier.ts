import { LEAD_KIND_LABELS } from '@agri/api-client/staff-contract';
import type { Db } from '../db/db';
import type { Logger } from '../log';
import type { Mail, Mailer } from '../mail';
import type { StaffConfig } from './staff-config';
import { LEAD_SELECT, type LeadRow } from './leads';

/** Only one instance mails at a time: the others find the leads already taken. */
const NOTIFY_LOCK = 4_210_025;
/** A digest names this many leads; the inbox has the rest. */
const DIGEST_LINES = 100;

/** Plain text only, and one line for a header: nothing a visitor typed can become markup or a new header. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE')}`;

function leadText(row: LeadRow, inbox: string): string {
  const lines = [
    `${LEAD_KIND_LABELS[row.kind]} received ${new Date(row.created_at).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    '',
    `Name:    ${row.name || '-'}`,
    `Email:   ${row.email}`,
    `Phone:   ${row.phone || '-'}`,
  ];
  if (row.contact_method !== null) lines.push(`Contact: ${row.contact_method || 'no preference'}`);
  if (row.event) lines.push(`Event:   ${row.event.title}, ${row.event.startDate} to ${row.event.endDate}, ${kes(row.event.price)}`);
  if (row.course) lines.push(`Course:  ${row.course.title}, ${row.course.duration}, ${kes(row.course.price)}`);
  if (row.comment !== null) lines.push('', 'Message:', row.comment);
  lines.push('', `Open it in the back office: ${inbox}/${encodeURIComponent(row.id)}`);
  return lines.join('\n');
}

function digestLine(row: LeadRow): string {
  return `- ${LEAD_KIND_LABELS[row.kind]}: ${oneLine(row.name) || row.email}, ${row.email}${row.phone ? `, ${row.phone}` : ''}${row.about ? ` (${oneLine(row.about)})` : ''}`;
}

/** The mails for `leads` within `budget`: one each while they fit, the rest in a single digest. */
export function notificationMails(leads: LeadRow[], budget: number, inbox: string): { subject: string; text: string; leads: number }[] {
  const single = leads.length <= budget ? leads : leads.slice(0, budget - 1);
  const rest = leads.slice(single.length);
  const mails = single.map((row) => ({
    subject: oneLine(`New ${LEAD_KIND_LABELS[row.kind].toLowerCase()}: ${row.name || row.email}`).slice(0, 150),
    text: leadText(row, inbox),
    leads: 1,
  }));
  if (rest.length > 0) {
    const lines = rest.slice(0, DIGEST_LINES).map(digestLine);
    if (rest.length > DIGEST_LINES) lines.push(`…and ${rest.length - DIGEST_LINES} more.`);
    mails.push({
      subject: `${rest.length} new leads`,
      text: [`${rest.length} new leads arrived faster than one mail each:`, '', ...lines, '', `Open the inbox: ${inbox}`].join('\n'),
      leads: rest.length,
    });
  }
  return mails;
}

export interface LeadNotifier {
  /** Mails what is waiting, within the minute's budget; resolves once sent. */
  tick(): Promise<void>;
  /** Looks every `notifyIntervalMs`; returns a function that stops it. */
  start(): () => void;
}

/**
 * Tells the business of each new lead: the leads table fills by itself (a trigger on each table a visitor
 * writes to); every couple of seconds this mails the ones not yet told to STAFF_NOTIFY_EMAIL through the
 * mailer, at most `notifyPerMinute` mails a minute across all instances, the surplus in one digest, so a
 * flood of bookings cannot flood the business's mailbox.
 */
export function createLeadNotifier(db: Db, mailer: Mailer, config: StaffConfig, siteUrl: string, log: Logger): LeadNotifier {
  const inbox = `${siteUrl}/staff/leads`;

  /** Takes the leads to mail and counts the mails, in one short transaction; sends after it. */
  async function claim(): Promise<{ mails: ReturnType<typeof notificationMails>; ids: string[] } | null> {
    return db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [NOTIFY_LOCK]);
      if (!lock?.locked) return null;
      const [sent] = await tx.query<{ mails: number }>(
        "SELECT count(*)::int AS mails FROM lead_notification_mails WHERE sent_at > now() - interval '1 minute'",
      );
      const budget = config.notifyPerMinute - (sent?.mails ?? 0);
      if (budget <= 0) return null;
      const leads = await tx.query<LeadRow>(`${LEAD_SELECT} WHERE l.notified_at IS NULL ORDER BY l.created_at, l.id LIMIT 5000`);
      if (leads.length === 0) return null;
      const ids = leads.map((lead) => lead.id);
      await tx.query('UPDATE leads SET notified_at = now() WHERE id = ANY($1)', [ids]);
      const mails = notificationMails(leads, budget, inbox);
      for (const mail of mails) await tx.query('INSERT INTO lead_notification_mails (leads) VALUES ($1)', [mail.leads]);
      return { mails, ids };
    });
  }

  let running: Promise<void> | null = null;
  const tick = () =>
    (running ??= (async () => {
      try {
        if (config.notifyEmails.length === 0) return;
        const claimed = await claim();
        if (!claimed) return;
        try {
          for (const mail of claimed.mails) {
            for (const to of config.notifyEmails) await mailer.send({ to, subject: mail.subject, text: mail.text } satisfies Mail);
          }
        } catch (error) {
          // Told again on a later tick rather than never.
          await db.query('UPDATE leads SET notified_at = NULL WHERE id = ANY($1)', [claimed.ids]);
          throw error;
        }
      } catch (error) {
        log.warn('lead notification failed', { error: error instanceof Error ? error.message : String(error) });
      } finally {
        running = null;
      }
    })());

  return {
    tick,
    start() {
      const timer = setInterval(() => void tick(), config.notifyIntervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

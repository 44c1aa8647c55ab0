import type { Queryable } from './db/db';
import { sendSmtp } from './smtp';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** Deliver through this SMTP server (smtp:// or smtps://). */
  smtpUrl: string | null;
  from: string;
  /** Test harness only: keep mail in the outbox table, where the tests read it. */
  testOutbox: boolean;
}

/**
 * Where mail goes: the test outbox in the test harness; otherwise SMTP when configured; otherwise the
 * terminal of whoever runs the server (the local default run), so codes and reset links never reach
 * anyone but the operator.
 */
export function createMailer(db: Queryable, options: MailerOptions): Mailer {
  return {
    async send(mail) {
      if (options.testOutbox) {
        await db.query('INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
      } else if (options.smtpUrl) {
        await sendSmtp(options.smtpUrl, { ...mail, from: options.from });
      } else {
        printMail(mail);
      }
    },
  };
}

function printMail(mail: Mail): void {
  const rule = '─'.repeat(72);
  console.log(
    [
      rule,
      'MAIL: no SMTP_URL is set, so this mail was printed here and not sent.',
      `To:      ${mail.to}`,
      `Subject: ${mail.subject}`,
      '',
      mail.text,
      rule,
    ].join('\n'),
  );
}

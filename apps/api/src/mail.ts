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
  /** Print each mail to the console (development). */
  log: boolean;
  /** Also deliver through this SMTP server (smtp:// or smtps://). */
  smtpUrl: string | null;
  from: string;
}

/** Every mail is kept in the outbox table (tests and developers read it); SMTP delivery is optional. */
export function createMailer(db: Queryable, options: MailerOptions): Mailer {
  return {
    async send(mail) {
      await db.query('INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
      if (options.log) console.log(`[outbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
      if (options.smtpUrl) await sendSmtp(options.smtpUrl, { ...mail, from: options.from });
    },
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import type { Queryable } from './db/db';
import { errorText, type Logger } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * What a mail may not carry of what a visitor typed: the bidirectional controls that make 'knil//:sptth' read as a
 * link (U+202E and its kin), and the line and paragraph separators that break a line where no line break shows.
 */
const BIDI_AND_SEPARATORS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/** A visitor's text on one line of a mail (a name, a title, a subject): no control, bidi or separator character. */
export const mailLine = (text: string): string =>
  text
    .replace(BIDI_AND_SEPARATORS, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** A mail's text as it is sent: its lines, with no control character but the line break and tab, and no bidi control. */
const mailText = (text: string): string =>
  text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(BIDI_AND_SEPARATORS, '')
    .replace(/[^\P{Cc}\n\t]/gu, '');

/** Every mail, whoever wrote its words, as mailLine and mailText make it: the one rule, kept by the mailer. */
const cleanMail = (mail: Mail): Mail => ({ to: mailLine(mail.to), subject: mailLine(mail.subject), text: mailText(mail.text) });

export interface MailerOptions {
  /** Deliver through this SMTP server (smtps:// or smtp://, see smtpTransportOptions). */
  smtpUrl: string | null;
  from: string;
  /** Test harness only: keep mail in the outbox table, where the tests read it. */
  testOutbox: boolean;
  /** Where retried and failed sends are logged. */
  log: Logger;
  /** Tests only: shorter waits, and the test server's self-signed certificate. */
  smtp?: SmtpTuning;
}

export interface SmtpTuning {
  /** How long to wait for the connection, the greeting and each reply (15 s). */
  timeoutMs?: number;
  /** The pauses before the second and third attempts of a send that failed for now (1 s, then 3 s). */
  retryDelaysMs?: number[];
  /** PEM certificates trusted instead of the system's. */
  ca?: string;
}

/**
 * nodemailer's options for SMTP_URL. smtps:// is TLS from the first byte; smtp:// with credentials must upgrade
 * with STARTTLS before it authenticates (or fail), so a password never crosses the network in the clear. A plain
 * smtp:// without credentials (a local relay) upgrades when the server offers it and goes on without otherwise.
 */
function smtpTransportOptions(url: string, tuning: SmtpTuning = {}) {
  const target = new URL(url);
  if (target.protocol !== 'smtps:' && target.protocol !== 'smtp:') throw new Error('SMTP_URL must start with smtps:// or smtp://');
  const secure = target.protocol === 'smtps:';
  const user = decodeURIComponent(target.username);
  const timeout = tuning.timeoutMs ?? 15_000;
  return {
    host: target.hostname,
    port: Number(target.port) || (secure ? 465 : 25),
    secure,
    requireTLS: !secure && user !== '',
    auth: user ? { user, pass: decodeURIComponent(target.password) } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    tls: tuning.ca ? { ca: tuning.ca } : {},
  };
}

/** What a later attempt may get through: no connection, no answer in time, or a 4xx reply. A 5xx refusal is final. */
function temporary(error: unknown): boolean {
  const { code, responseCode, permanent } = error as { code?: string; responseCode?: number; permanent?: boolean };
  if (responseCode !== undefined) return permanent === false;
  return ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(code ?? '');
}

const failure = (error: unknown) => {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return { error: errorText(error), code, responseCode };
};

/**
 * Sends through SMTP_URL's server, a new connection each mail (a few mails a minute need no pool). A temporary
 * failure is tried again after a pause, up to three attempts; a visitor's request waits on its mail, so no
 * attempt follows a second timeout: a server that is silent or out of reach holds it about 35 s at most.
 */
function smtpSender(url: string, from: string, log: Logger, tuning: SmtpTuning = {}) {
  const transport = nodemailer.createTransport(smtpTransportOptions(url, tuning));
  const delays = tuning.retryDelaysMs ?? [1_000, 3_000];
  return async (mail: Mail): Promise<void> => {
    let timeouts = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        return;
      } catch (error) {
        if ((error as { code?: string }).code === 'ETIMEDOUT') timeouts++;
        const delay = delays[attempt - 1];
        if (delay === undefined || !temporary(error) || timeouts === 2) {
          log.error('mail not sent', { attempt, ...failure(error) });
          throw error;
        }
        log.warn('mail not sent, trying again', { attempt, retryInMs: delay, ...failure(error) });
        await sleep(delay);
      }
    }
  };
}

/**
 * Where mail goes: the test outbox in the test harness; otherwise SMTP when configured; otherwise the
 * terminal of whoever runs the server (the local default run), so codes and reset links never reach
 * anyone but the operator.
 */
export function createMailer(db: Queryable, options: MailerOptions): Mailer {
  const sendSmtp = options.smtpUrl ? smtpSender(options.smtpUrl, options.from, options.log, options.smtp) : null;
  return {
    async send(written) {
      const mail = cleanMail(written);
      if (options.testOutbox) {
        await db.query('INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
      } else if (sendSmtp) {
        await sendSmtp(mail);
      } else {
        printMail(mail);
      }
    },
  };
}

/** A mail in the terminal, each line of its text behind a bar: no words a visitor typed can draw another mail's frame. */
function printMail(mail: Mail): void {
  const rule = '─'.repeat(72);
  console.log(
    [
      rule,
      'MAIL: no SMTP_URL is set, so this mail was printed here and not sent.',
      `To:      ${mail.to}`,
      `Subject: ${mail.subject}`,
      '',
      ...mail.text.split('\n').map((line) => `│ ${line}`),
      rule,
    ].join('\n'),
  );
}

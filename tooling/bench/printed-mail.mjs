// @ts-check
// The mails an API prints on its terminal when it has no SMTP server (MAIL_TO_TERMINAL=on: apps/api/src/mail.ts,
// printMail), read back from its output: how a benchmark's buyer gets the code the API mailed, with no outbox
// served over HTTP (the benches run the API as production runs it).

const RULE = '─'.repeat(72);

/** @typedef {{ to: string, subject: string, text: string }} Mail */
/**
 * A mail being read, between its two rules.
 * @typedef {{ to: string, subject: string, lines: string[] }} OpenMail
 */

/**
 * Keeps the mails of the printed lines given to `take`, and answers the newest one to an address.
 * @returns {{ take: (line: string) => void, latestTo: (email: string) => { subject: string, text: string } | null }}
 */
export function printedMails() {
  /** @type {Mail[]} */
  const mails = [];
  /** @type {OpenMail | null} */
  let open = null;
  return {
    take(line) {
      // Each mail is printed between two rules.
      if (line === RULE) {
        if (open) mails.push({ to: open.to, subject: open.subject, text: open.lines.join('\n') });
        open = open ? null : { to: '', subject: '', lines: [] };
        return;
      }
      if (!open) return;
      const field = /^(To|Subject):\s+(.*)$/.exec(line);
      if (field && !open.lines.length) open[field[1] === 'To' ? 'to' : 'subject'] = field[2];
      else if (line.startsWith('│ ')) open.lines.push(line.slice(2));
    },
    latestTo: (email) => {
      const mail = mails.findLast((each) => each.to.toLowerCase() === email.toLowerCase());
      return mail ? { subject: mail.subject, text: mail.text } : null;
    },
  };
}

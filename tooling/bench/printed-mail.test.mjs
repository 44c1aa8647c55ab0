// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printedMails } from './printed-mail.mjs';

const rule = '─'.repeat(72);
/**
 * A mail as the API prints it, between its two rules.
 * @param {string} to
 * @param {string} subject
 * @param {...string} text
 */
const printed = (to, subject, ...text) => [
  rule,
  'MAIL: no SMTP_URL is set, so this mail was printed here and not sent.',
  `To:      ${to}`,
  `Subject: ${subject}`,
  '',
  ...text.map((line) => `│ ${line}`),
  rule,
];

test('the newest mail printed to an address, among the API’s log lines; a line of a mail’s text that looks like a field stays text', () => {
  const mails = printedMails();
  const lines = [
    '{"level":"info","msg":"listening"}',
    ...printed('wanjiku@example.co.ke', 'Your code', 'Your code is 111111.'),
    '{"level":"info","msg":"request"}',
    ...printed('amani@example.co.ke', 'Your code', 'Your code is 222222.'),
    ...printed('Wanjiku@example.co.ke', 'Your code', 'Your code is 333333.', 'To: someone else'),
  ];
  lines.forEach(mails.take);
  assert.deepEqual(mails.latestTo('wanjiku@example.co.ke'), { subject: 'Your code', text: 'Your code is 333333.\nTo: someone else' });
  assert.equal(mails.latestTo('amani@example.co.ke')?.text, 'Your code is 222222.');
  assert.equal(mails.latestTo('nobody@example.co.ke'), null);
});

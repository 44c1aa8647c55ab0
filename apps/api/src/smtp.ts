import net from 'node:net';
import tls from 'node:tls';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * A minimal SMTP client (no dependency): smtps:// is implicit TLS, smtp:// is plain (a local relay);
 * credentials in the URL are sent with AUTH PLAIN. STARTTLS is not supported: use smtps:// for remote servers.
 */
export async function sendSmtp(url: string, mail: OutgoingMail): Promise<void> {
  const target = new URL(url);
  const secure = target.protocol === 'smtps:';
  const port = Number(target.port) || (secure ? 465 : 25);
  const socket = secure
    ? tls.connect({ host: target.hostname, port, servername: target.hostname })
    : net.connect({ host: target.hostname, port });
  socket.setTimeout(15_000, () => socket.destroy(new Error('SMTP timeout')));

  let buffer = '';
  const waiters: { resolve: (reply: string) => void; reject: (error: Error) => void }[] = [];
  const failAll = (error: Error) => waiters.splice(0).forEach((waiter) => waiter.reject(error));
  socket.on('error', failAll);
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    // A reply ends with a line whose code is followed by a space.
    let match: RegExpMatchArray | null;
    while ((match = buffer.match(/^(?:\d{3}-[^\n]*\n)*\d{3} [^\n]*\n/))) {
      buffer = buffer.slice(match[0].length);
      waiters.shift()?.resolve(match[0]);
    }
  });
  const reply = () => new Promise<string>((resolve, reject) => waiters.push({ resolve, reject }));
  const expect = async (command: string | null, code: string) => {
    const answer = reply();
    if (command !== null) socket.write(`${command}\r\n`);
    const text = await answer;
    if (!text.startsWith(code)) throw new Error(`SMTP ${command ?? 'greeting'} failed: ${text.trim()}`);
  };

  try {
    await expect(null, '220');
    await expect('EHLO localhost', '250');
    if (target.username) {
      const credentials = Buffer.from(`\0${decodeURIComponent(target.username)}\0${decodeURIComponent(target.password)}`);
      await expect(`AUTH PLAIN ${credentials.toString('base64')}`, '235');
    }
    const address = (value: string) => value.match(/<([^>]+)>/)?.[1] ?? value;
    await expect(`MAIL FROM:<${address(mail.from)}>`, '250');
    await expect(`RCPT TO:<${address(mail.to)}>`, '250');
    await expect('DATA', '354');
    const body = mail.text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const message = [
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '.',
    ].join('\r\n');
    await expect(message, '250');
    await expect('QUIT', '221');
  } finally {
    socket.end();
  }
}

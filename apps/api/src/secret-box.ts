import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * What is stored sealed (AES-256-GCM) with a key derived from the server secret and the purpose (the staff's TOTP
 * secrets, the answers kept for a repeated write): a copy of the database alone gives no one what they say.
 */
export function secretBox(serverSecret: string, purpose: 'staff-totp' | 'idempotent-answer') {
  const key = createHash('sha256').update(`${purpose}:${serverSecret}`).digest();
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    open(stored: string): string {
      const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}

// Secrets at rest (PFX files, their passwords, TRA's password and access token): AES-256-GCM
// with the server's data key. The row's purpose is bound in as associated data, so a sealed
// value copied into another column or another company's row does not open.
import crypto from 'node:crypto';

const VERSION = 'v1';

export function seal(key: Buffer, plaintext: Buffer | string, purpose: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${VERSION}.${Buffer.concat([iv, tag, data]).toString('base64')}`;
}

/** Throws when the value was sealed with another key or for another purpose. */
export function open(key: Buffer, sealed: string, purpose: string): Buffer {
  const [version, payload] = sealed.split('.', 2);
  if (version !== VERSION || !payload) throw new Error('Unknown sealed value format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

export function openText(key: Buffer, sealed: string, purpose: string): string {
  return open(key, sealed, purpose).toString('utf8');
}

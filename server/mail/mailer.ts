// Outgoing mail. With SMTP_URL the message goes to that server; without it each message is
// written as a .eml file under DATA_DIR/mail, so a fresh install still delivers recovery codes
// to whoever runs it.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** Where a reply goes when it is not the sender (e.g. the person who filled a form). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the file is written). */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      // Written aside and renamed: whoever reads the folder only ever sees whole messages.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}

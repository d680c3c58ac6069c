// Mail the server saved as .eml files under DATA_DIR/mail (no SMTP_URL in browser tests).
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export async function savedMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).sort();
  return Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(dir, file)))));
}

const recipient = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to.map((to) => to.text).join(', ') : mail.to?.text) ?? '';

/** The newest mail to `address`, waiting up to 10 s for it to be written. */
export async function latestMailTo(dataDir: string, address: string): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await savedMails(dataDir)).filter((mail) => recipient(mail).includes(address));
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} in ${dataDir}/mail`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

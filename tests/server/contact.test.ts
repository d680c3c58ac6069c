import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../server/db/schema';
import { CONTACT_MAIL_RETRY_MS, resendUnmailedContactRequests } from '../../server/contact/service';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { createUser } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { startSmtp } from '../helpers/smtp';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const unique = () => crypto.randomBytes(4).toString('hex');
const sentTo = (mail: ParsedMail, address: string) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((to) =>
    to.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()),
  );

const send = (body: unknown, address: string, language = 'en', target = server) =>
  target.call('POST', '/v1/accounting/contact-requests', {
    body,
    address,
    headers: { 'accept-language': language },
  });

async function savedMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return Promise.all(
    fs.readdirSync(dir).map((file) => simpleParser(fs.readFileSync(path.join(dir, file)))),
  );
}

describe('contact requests', () => {
  it('stores the request and mails it to every active platform admin, reply going to the sender', async () => {
    const admin = await createUser(server.deps.db, 'platform_admin');
    const swahiliAdmin = await createUser(server.deps.db, 'platform_admin', { language: 'sw' });
    const disabledAdmin = await createUser(server.deps.db, 'platform_admin', {
      status: 'inactive',
    });
    const name = `Mama Ntilie ${unique()}`;

    const { status, body } = await send(
      {
        fullName: `  ${name} `,
        email: 'mama@example.co.tz',
        phone: '754123456',
        message: 'I would like Risiti for my two shops in Arusha.',
      },
      '10.9.0.1',
    );

    expect(status).toBe(201);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await server.deps.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, body.id));
    expect(row).toMatchObject({
      fullName: name,
      email: 'mama@example.co.tz',
      phone: '754123456',
      language: 'en',
      address: '10.9.0.1',
    });
    expect(row!.mailedAt).toBeInstanceOf(Date);

    const mails = (await savedMails(server.dataDir)).filter((mail) => mail.text?.includes(name));
    const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;
    expect(mails.map(to).sort()).toEqual([admin.email, swahiliAdmin.email].sort());
    expect(mails.map(to)).not.toContain(disabledAdmin.email);
    const english = mails.find((mail) => to(mail) === admin.email)!;
    expect(english.subject).toBe(`Contact request from ${name}`);
    expect(english.replyTo?.text).toBe('mama@example.co.tz');
    expect(english.text).toContain('+255 754123456');
    expect(english.text).toContain('I would like Risiti for my two shops in Arusha.');
    const swahili = mails.find((mail) => to(mail) === swahiliAdmin.email)!;
    expect(swahili.subject).toBe(`Ombi la mawasiliano kutoka kwa ${name}`);
  });

  it('accepts a request without a phone number', async () => {
    const { status, body } = await send(
      {
        fullName: 'Baraka Mollel',
        email: 'baraka@example.co.tz',
        message: 'Bei ya Risiti ni kiasi gani?',
      },
      '10.9.0.2',
      'sw',
    );
    expect(status).toBe(201);
    const [row] = await server.deps.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, body.id));
    expect(row).toMatchObject({ phone: null, language: 'sw' });
  });

  it('names every wrong field, in the language of the request, and stores nothing', async () => {
    const email = `not-an-email-${unique()}`;
    const english = await send({ fullName: ' ', email, phone: '0754', message: '' }, '10.9.0.3');
    expect(english.status).toBe(422);
    expect(english.body.fields).toEqual({
      fullName: 'Please enter your full name',
      email: 'Valid email required',
      phone: 'Please enter a valid phone number',
      message: 'Please write your message',
    });
    const swahili = await send(
      { fullName: 'Asha', email, message: 'x'.repeat(2001) },
      '10.9.0.3',
      'sw',
    );
    expect(swahili.status).toBe(422);
    expect(swahili.body.fields).toEqual({
      email: 'Barua pepe sahihi inahitajika',
      message: 'Ujumbe usizidi herufi 2000',
    });
    const stored = await server.deps.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, email));
    expect(stored).toHaveLength(0);
  });

  it('allows 5 requests an hour from one address', async () => {
    const request = { fullName: 'Neema Mushi', email: 'neema@example.co.tz', message: 'Habari' };
    for (let i = 0; i < 5; i++) expect((await send(request, '10.9.1.1')).status).toBe(201);
    const refused = await send(request, '10.9.1.1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/wait \d+ minutes/);
    expect((await send(request, '10.9.1.2')).status).toBe(201);
    server.clock.advance(60 * 60_000 + 1000);
    expect((await send(request, '10.9.1.1')).status).toBe(201);
  });

  it('keeps the request when the mail cannot be sent, and mails it once the server is back', async () => {
    const smtp = await startSmtp();
    const real = createMailer({ smtpUrl: smtp.url, from: 'risiti@example.co.tz', dataDir: '.' });
    let down = true;
    const flaky: Mailer = {
      send: (message) =>
        down ? Promise.reject(new Error('SMTP server down')) : real.send(message),
      close: () => real.close(),
    };
    const other = await createTestServer({ mailer: flaky });
    const stored = async (id: string) =>
      (await other.deps.db.select().from(contactRequests).where(eq(contactRequests.id, id)))[0]!;
    const toAdmin = (admin: string) =>
      smtp.messages.filter((mail) => mail.text?.includes('Nipigieni simu') && sentTo(mail, admin));
    try {
      const admin = await createUser(other.deps.db, 'platform_admin');
      const { status, body } = await send(
        { fullName: 'Juma Hassan', email: 'juma@example.co.tz', message: 'Nipigieni simu' },
        '10.9.2.1',
        'en',
        other,
      );
      expect(status).toBe(201);
      expect(await stored(body.id)).toMatchObject({ fullName: 'Juma Hassan', mailedAt: null });

      down = false;
      // Not before the retry time: the mail server is not hammered.
      expect(await resendUnmailedContactRequests(other.deps)).toBe(0);
      other.clock.advance(CONTACT_MAIL_RETRY_MS);
      // Two server processes trying at once: one of them mails it.
      const mailed = await Promise.all([
        resendUnmailedContactRequests(other.deps),
        resendUnmailedContactRequests(other.deps),
      ]);
      expect(mailed[0]! + mailed[1]!).toBe(1);
      const mail = await smtp.waitFor(admin.email);
      expect(mail.subject).toBe('Contact request from Juma Hassan');
      expect(mail.replyTo?.text).toBe('juma@example.co.tz');
      expect((await stored(body.id)).mailedAt).toBeInstanceOf(Date);

      other.clock.advance(CONTACT_MAIL_RETRY_MS);
      expect(await resendUnmailedContactRequests(other.deps)).toBe(0);
      expect(toAdmin(admin.email)).toHaveLength(1);
    } finally {
      await other.close();
      await smtp.close();
    }
  });
});

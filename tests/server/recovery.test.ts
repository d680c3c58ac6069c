// Password recovery by one-time code, with the code read from a real SMTP server.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { passwordResets } from '../../server/db/schema';
import { createUser } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ config: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const codeFrom = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

async function startRecovery(email: string, address = '10.9.0.1') {
  const { status, body } = await server.call('POST', '/api/v2/password/recover', {
    body: { email },
    address,
  });
  expect(status).toBe(200);
  const mail = await smtp.waitFor(email);
  smtp.messages.splice(smtp.messages.indexOf(mail), 1);
  return { verification: body.verification as string, code: codeFrom(mail.text)!, mail };
}

/** The recovery is stored after the answer, as for a known email: wait until it is. */
async function recorded(verification: string) {
  await vi.waitFor(async () => {
    const rows = await server.deps.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(eq(passwordResets.verification, verification));
    expect(rows).toHaveLength(1);
  });
}

describe('password recovery', () => {
  it('mails a 6-digit code, and code then new password signs the user in', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { verification, code, mail } = await startRecovery(user.email);
    expect(mail.subject).toBe('Your Risiti password recovery code');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await server.call('POST', '/api/v2/password/verify', {
      body: { verification, code },
      address: '10.9.0.2',
    });
    expect(verified.status).toBe(200);
    const reset = await server.call('POST', '/api/v2/password/reset', {
      body: { verification, newPassword: 'New-pass9', confirmPassword: 'New-pass9' },
    });
    expect(reset.status).toBe(204);
    const login = await server.call('POST', '/api/v2/login', {
      body: { username: user.username, password: 'New-pass9' },
      address: '10.9.0.3',
    });
    expect(login.status).toBe(200);
    // The recovery cannot be used a second time.
    const again = await server.call('POST', '/api/v2/password/reset', {
      body: { verification, newPassword: 'Other-pass9', confirmPassword: 'Other-pass9' },
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'reset_failed' } });
  });

  it('writes the mail in the user’s language', async () => {
    const user = await createUser(server.deps.db, 'operator', { language: 'sw' });
    const { mail } = await startRecovery(user.email, '10.9.1.1');
    expect(mail.subject).toBe('Msimbo wako wa kurejesha nenosiri la Risiti');
    expect(mail.text).toContain('Unatumika kwa saa 1');
  });

  it('says incorrect, then incorrect on the 2nd attempt, then blocks after 3', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { verification, code } = await startRecovery(user.email, '10.9.2.1');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (c: string) =>
      server.call('POST', '/api/v2/password/verify', {
        body: { verification, code: c },
        address: '10.9.2.2',
      });
    expect((await attempt(wrong)).body).toMatchObject({
      code: 'otp_incorrect',
      fields: { code: expect.stringMatching(/Incorrect OTP/) },
    });
    expect((await attempt(wrong)).body.code).toBe('otp_incorrect_last');
    const third = await attempt(wrong);
    expect(third).toMatchObject({
      status: 429,
      body: { message: 'You have exceeded the maximum attempts (3)' },
    });
    // Even the right code is refused now.
    expect((await attempt(code)).body.code).toBe('otp_attempts_exceeded');
  });

  it('expires the code after one hour', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { verification, code } = await startRecovery(user.email, '10.9.3.1');
    server.clock.advance(60 * 60_000 + 1000);
    const late = await server.call('POST', '/api/v2/password/verify', {
      body: { verification, code },
      address: '10.9.3.2',
    });
    expect(late).toMatchObject({ status: 400, body: { message: 'OTP has been expired' } });
  });

  it('refuses a reset that skipped the code', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { verification } = await startRecovery(user.email, '10.9.4.1');
    const reset = await server.call('POST', '/api/v2/password/reset', {
      body: { verification, newPassword: 'New-pass9', confirmPassword: 'New-pass9' },
    });
    expect(reset.body.code).toBe('reset_failed');
  });

  it('answers an unknown email like a known one and sends nothing', async () => {
    const before = smtp.messages.length;
    const { status, body } = await server.call('POST', '/api/v2/password/recover', {
      body: { email: 'nobody@example.co.tz' },
      address: '10.9.5.1',
    });
    expect(status).toBe(200);
    expect(body.verification).toMatch(/^[\w-]{32}$/);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before);
  });

  it("answers wrong codes for an unknown email as a known email's, to the same block", async () => {
    const known = await createUser(server.deps.db, 'operator');
    const { verification: real } = await startRecovery(known.email, '10.9.8.1');
    const { body } = await server.call('POST', '/api/v2/password/recover', {
      body: { email: 'nobody.else@example.co.tz' },
      address: '10.9.8.1',
    });
    const unknown = body.verification as string;
    await recorded(unknown);
    const answers = async (verification: string) => {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const answer = await server.call('POST', '/api/v2/password/verify', {
          body: { verification, code: '000000' },
          address: '10.9.8.2',
        });
        seen.push(`${answer.status} ${answer.body.code}`);
      }
      return seen;
    };
    const expected = [
      '400 otp_incorrect',
      '400 otp_incorrect_last',
      '429 otp_attempts_exceeded',
      '429 otp_attempts_exceeded',
    ];
    expect(await answers(real)).toEqual(expected);
    expect(await answers(unknown)).toEqual(expected);
    // And no code ever resets the password of the unknown email's recovery.
    const reset = await server.call('POST', '/api/v2/password/reset', {
      body: { verification: unknown, newPassword: 'New-pass9', confirmPassword: 'New-pass9' },
    });
    expect(reset.body.code).toBe('reset_failed');
  });

  it("expires an unknown email's recovery at the same hour", async () => {
    const { body } = await server.call('POST', '/api/v2/password/recover', {
      body: { email: 'no.one@example.co.tz' },
      address: '10.9.9.1',
    });
    await recorded(body.verification);
    server.clock.advance(60 * 60_000 + 1000);
    const late = await server.call('POST', '/api/v2/password/verify', {
      body: { verification: body.verification, code: '000000' },
      address: '10.9.9.2',
    });
    expect(late).toMatchObject({ status: 400, body: { message: 'OTP has been expired' } });
  });

  it('names the field for a malformed email or code', async () => {
    const bad = await server.call('POST', '/api/v2/password/recover', {
      body: { email: 'not-an-email' },
      address: '10.9.6.1',
    });
    expect(bad).toMatchObject({ status: 422, body: { fields: { email: 'Valid email required' } } });
    const code = await server.call('POST', '/api/v2/password/verify', {
      body: { verification: 'x', code: '12a' },
      address: '10.9.6.1',
    });
    expect(code.body.fields).toEqual({ code: 'Enter the 6-digit code' });
  });
});

describe('mail without an SMTP server', () => {
  it('saves the recovery code as an .eml file in DATA_DIR/mail', async () => {
    const local = await createTestServer();
    try {
      const user = await createUser(local.deps.db, 'operator');
      await local.call('POST', '/api/v2/password/recover', {
        body: { email: user.email },
        address: '10.9.7.1',
      });
      const dir = path.join(local.dataDir, 'mail');
      // The code is sent after the answer, so the answer takes as long for unknown emails.
      const files = await vi.waitFor(() => {
        const found = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
        expect(found).toHaveLength(1);
        return found;
      });
      const mail = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain(user.email);
      expect(codeFrom(mail.text)).toMatch(/^\d{6}$/);
    } finally {
      await local.close();
    }
  });
});

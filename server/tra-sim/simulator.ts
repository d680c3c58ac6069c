// A TRA VFD API simulator that enforces TRA's rules: registration, token, receipts, Z reports
// and public verification, at TRA's paths with TRA's headers and XML, answers signed with its
// own key. Run on its own thread by a started server when TRA_BASE_URL is unset (thread.ts),
// mounted at /tra-sim by createApp alone (tests), or run alone (main.ts).
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { eatDate } from '../../domain/dates';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { withDbPriority } from '../db/scheduler';
import {
  traSimKeys,
  traSimReceipts,
  traSimTaxpayers,
  traSimTokens,
  traSimZReports,
} from '../db/schema';
import { recordAttempt, type Limit } from '../auth/rate-limit';
import { clientAddress } from '../http/address';
import { localeFromHeader } from '../i18n';
import type { Logger } from '../logger';
import { verifyXml } from '../vfd/certificate';
import { eatStamp } from '../vfd/eat';
import { TRA_SIM_KEY_HEADER } from '../vfd/tra-client';
import { envelope, escapeXml, splitSigned } from '../vfd/xml';
import {
  ACK,
  checkReceiptContent,
  parseElement,
  parseReceipt,
  parseZReport,
  Refusal,
  type ParsedReceipt,
  type Verdict,
} from './checks';
import { faultSettingsSchema, NO_FAULTS, type FaultSettings } from './faults';
import { issueCertificate } from './issue';
import { enrolTaxpayer, type TaxpayerInput } from './taxpayers';
import { verificationJson, verificationPage } from './verify-page';

export interface SimulatorOptions {
  db: Db;
  clock: Clock;
  log?: Logger;
  faults?: Partial<FaultSettings>;
  /** Source of randomness for faults; seed it to replay a run. */
  random?: () => number;
  /** Bearer token for /admin; admin endpoints are off without one. */
  adminToken?: string;
  tokenTtlSeconds?: number;
  /** How far ahead of the simulator's clock a receipt's DATE/TIME may be. */
  futureToleranceMs?: number;
  /** Read the client's address from X-Forwarded-For (behind a trusted proxy). */
  trustProxy?: boolean;
  /**
   * When set (the simulator mounted in the app), every endpoint but the public verification
   * page and /admin answers 401 unless X-Risiti-Tra-Sim-Key carries this key.
   */
  clientKey?: string;
}

/** The most each endpoint reads of a request body; past it the answer is 413. */
export const BODY_LIMITS = {
  registration: 16 * 1024,
  token: 4 * 1024,
  receipt: 512 * 1024,
  zreport: 64 * 1024,
} as const;

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length &&
  crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * The request body as text, or null when it is larger than the limit: a Content-Length over it
 * is refused unread, and a streamed (chunked) body is read only up to the limit.
 */
export async function readBody(c: Context, limit: number): Promise<string | null> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && !(/^\d{1,15}$/.test(declared) && Number(declared) <= limit)) {
    return null;
  }
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** 413, and the connection closed so the rest of the body is never read. */
export const tooLarge = (c: Context) =>
  c.text('Request body too large', 413, { Connection: 'close' });

/**
 * Lookups of the public verification page per client address: enough for a shop checking its
 * customers' receipts, too few to walk through a receipt code's running numbers.
 */
export const VERIFY_LIMIT: Limit = { max: 30, windowMs: 60_000 };

type Taxpayer = typeof traSimTaxpayers.$inferSelect;

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** Cert-Serial → the hex the simulator keys certificates by ("0a 1b" and "0A1B" alike). */
function certSerialFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  let decoded: string;
  try {
    decoded = Buffer.from(header.trim(), 'base64').toString('utf8');
  } catch {
    return null;
  }
  const hex = decoded.replace(/[\s:]/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) return null;
  return hex.replace(/^0+/, '') || '0';
}

export function createTraSimulator(options: SimulatorOptions) {
  const { db, clock } = options;
  const random = options.random ?? Math.random;
  const tokenTtl = options.tokenTtlSeconds ?? 86_400;
  const futureTolerance = options.futureToleranceMs ?? 120_000;
  const faults: FaultSettings = { ...NO_FAULTS, ...options.faults };
  const app = new Hono();

  if (options.clientKey) {
    const key = options.clientKey;
    // Checked before any body is read: nothing but the app's own VFD client gets that far.
    app.use('*', async (c, next) => {
      const path = c.req.path;
      if (/\/verify\/[^/]*$/.test(path) || /\/admin(\/|$)/.test(path)) return next();
      if (!sameSecret(c.req.header(TRA_SIM_KEY_HEADER) ?? '', key)) {
        return c.text('Unauthorized', 401, { Connection: 'close' });
      }
      // The app's own sends share its database: they go ahead of waiting API requests, as
      // the fiscal worker's own statements do (server/db/scheduler.ts).
      return withDbPriority(next);
    });
  }

  async function signedAnswer(part: string): Promise<string> {
    const key = await answerKey();
    const signature = crypto.sign('sha1', Buffer.from(part, 'utf8'), key).toString('base64');
    return envelope(part, signature);
  }

  let answerKeyPromise: Promise<crypto.KeyObject> | undefined;
  function answerKey(): Promise<crypto.KeyObject> {
    answerKeyPromise ??= (async () => {
      const [row] = await db.select().from(traSimKeys).where(eq(traSimKeys.id, 'tra'));
      if (row) return crypto.createPrivateKey(row.privateKeyPem);
      const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const made = issueCertificate({ commonName: 'TRA VFD simulator', privateKey });
      await db
        .insert(traSimKeys)
        .values({
          id: 'tra',
          privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
          certPem: made.certPem,
        })
        .onConflictDoNothing();
      const [stored] = await db.select().from(traSimKeys).where(eq(traSimKeys.id, 'tra'));
      return crypto.createPrivateKey(stored!.privateKeyPem);
    })();
    answerKeyPromise.catch(() => {
      answerKeyPromise = undefined;
    });
    return answerKeyPromise;
  }

  const stamp = () => eatStamp(clock.now());

  // Taxpayers' certificates by PEM, read once: every receipt is checked against them.
  const certificates = new Map<string, crypto.KeyObject>();
  function publicKeyOf(pem: string): crypto.KeyObject {
    let key = certificates.get(pem);
    if (!key) {
      if (certificates.size >= 1_000) certificates.clear();
      key = new crypto.X509Certificate(pem).publicKey;
      certificates.set(pem, key);
    }
    return key;
  }

  const xml = (c: Context, body: string, status = 200) =>
    c.body(body, status as 200, { 'Content-Type': 'application/xml; charset=utf-8' });

  async function rctAck(c: Context, rctNum: string, verdict: Verdict, status = 200) {
    if (verdict.code !== 0)
      options.log?.debug('TRA simulator refused a receipt', { rctNum, ...verdict });
    const { date, time } = stamp();
    const part =
      `<RCTACK><RCTNUM>${escapeXml(rctNum)}</RCTNUM><DATE>${date}</DATE><TIME>${time}</TIME>` +
      `<ACKCODE>${verdict.code}</ACKCODE><ACKMSG>${escapeXml(verdict.message)}</ACKMSG></RCTACK>`;
    return xml(c, await signedAnswer(part), status);
  }

  async function zAck(c: Context, znumber: string, verdict: Verdict, status = 200) {
    if (verdict.code !== 0)
      options.log?.debug('TRA simulator refused a Z report', { znumber, ...verdict });
    const { date, time } = stamp();
    const part =
      `<ZACK><ZNUMBER>${escapeXml(znumber)}</ZNUMBER><DATE>${date}</DATE><TIME>${time}</TIME>` +
      `<ACKCODE>${verdict.code}</ACKCODE><ACKMSG>${escapeXml(verdict.message)}</ACKMSG></ZACK>`;
    return xml(c, await signedAnswer(part), status);
  }

  /** Closes the client's connection without an answer (only possible on a real socket). */
  function dropConnection(c: Context): Response {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    incoming?.socket.destroy();
    return new Response(null, { status: 599 });
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Faults decided before a request is processed; returns a response to end it early. */
  async function faultBefore(c: Context): Promise<Response | null> {
    if (faults.latencyRate > 0 && random() < faults.latencyRate) {
      await sleep(Math.round(random() * faults.latencyMs));
    }
    if (faults.dropRate > 0 && random() < faults.dropRate) return dropConnection(c);
    if (faults.timeoutRate > 0 && random() < faults.timeoutRate) {
      await sleep(faults.hangMs);
      return dropConnection(c);
    }
    if (faults.errorRate > 0 && random() < faults.errorRate) {
      return xml(c, '<Error><Message>An error has occurred.</Message></Error>', 500);
    }
    return null;
  }

  const dropAfter = () => faults.acceptThenDropRate > 0 && random() < faults.acceptThenDropRate;

  async function taxpayerByCertSerial(header: string | undefined): Promise<Taxpayer | null> {
    const hex = certSerialFromHeader(header);
    if (!hex) return null;
    const [row] = await db
      .select()
      .from(traSimTaxpayers)
      .where(eq(traSimTaxpayers.certSerial, hex));
    return row ?? null;
  }

  async function tokenSerial(authorization: string | undefined): Promise<string | null> {
    const match = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
    if (!match) return null;
    const [row] = await db.select().from(traSimTokens).where(eq(traSimTokens.token, match[1]!));
    if (!row || row.expiresAt.getTime() <= clock.now().getTime()) return null;
    return row.serial;
  }

  // Registration ----------------------------------------------------------------------------

  app.post('/api/vfdRegReq', async (c) => {
    const body = await readBody(c, BODY_LIMITS.registration);
    if (body === null) return tooLarge(c);
    const refuse = async (verdict: Verdict, detail?: string) => {
      const message = detail ? `${verdict.message}: ${detail}` : verdict.message;
      const part = `<EFDMSRESP><ACKCODE>${verdict.code}</ACKCODE><ACKMSG>${escapeXml(message)}</ACKMSG></EFDMSRESP>`;
      return xml(c, await signedAnswer(part));
    };
    if ((c.req.header('client') ?? '').toLowerCase() !== 'webapi') return refuse(ACK.badClient);
    if (!/xml/i.test(c.req.header('content-type') ?? '')) {
      return refuse(ACK.malformed, 'Content-Type must be application/xml');
    }
    const split = splitSigned(body, 'REGDATA');
    if (!split) return refuse(ACK.malformed, 'expected EFDMS with REGDATA and EFDMSSIGNATURE');
    let tin: string;
    let certKey: string;
    try {
      const reg = parseElement(split.signedPart, 'REGDATA');
      const names = reg.children.map((n) => n.name).join(',');
      if (names !== 'TIN,CERTKEY')
        throw new Refusal(ACK.badStructure, 'REGDATA holds TIN, CERTKEY');
      tin = reg.children[0]!.text;
      certKey = reg.children[1]!.text.toUpperCase();
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.verdict, error.message);
      throw error;
    }
    const [taxpayer] = await db
      .select()
      .from(traSimTaxpayers)
      .where(eq(traSimTaxpayers.serial, certKey));
    if (!taxpayer) return refuse(ACK.badSerial);
    if (taxpayer.tin !== tin) return refuse(ACK.badTin);
    const headerSerial = certSerialFromHeader(c.req.header('cert-serial'));
    if (headerSerial !== taxpayer.certSerial) return refuse(ACK.wrongCertificate);
    // Registration is signed with the certificate TRA issued last.
    if (!verifyXml(publicKeyOf(taxpayer.certPem), split.signedPart, split.signature)) {
      return refuse(ACK.badSignature);
    }
    const registered = taxpayer.registeredAt ?? clock.now();
    if (!taxpayer.registeredAt) {
      await db
        .update(traSimTaxpayers)
        .set({ registeredAt: registered })
        .where(eq(traSimTaxpayers.serial, taxpayer.serial));
    }
    const nextGc = taxpayer.lastGc === null ? taxpayer.gcStart : taxpayer.lastGc + 1;
    const fields: Array<[string, string]> = [
      ['ACKCODE', '0'],
      ['ACKMSG', 'Registration Successful'],
      ['REGID', taxpayer.regId],
      ['SERIAL', taxpayer.serial],
      ['UIN', taxpayer.uin],
      ['TIN', taxpayer.tin],
      ['VRN', taxpayer.vrn ?? 'NOT REGISTERED'],
      ['MOBILE', taxpayer.mobile],
      ['ADDRESS', taxpayer.address],
      ['STREET', taxpayer.street],
      ['CITY', taxpayer.city],
      ['COUNTRY', taxpayer.country],
      ['NAME', taxpayer.name],
      ['RECEIPTCODE', taxpayer.receiptCode],
      ['REGION', taxpayer.region],
      ['ROUTINGKEY', 'vfdrct'],
      ['GC', String(nextGc)],
      ['TAXOFFICE', taxpayer.taxOffice],
      ['USERNAME', taxpayer.username],
      ['PASSWORD', taxpayer.password],
      ['TOKENPATH', 'vfdtoken'],
    ];
    const part =
      '<EFDMSRESP>' +
      fields.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('') +
      '<TAXCODES><CODEA>18</CODEA><CODEB>0</CODEB><CODEC>0</CODEC><CODED>0</CODED></TAXCODES>' +
      '</EFDMSRESP>';
    return xml(c, await signedAnswer(part));
  });

  // Token -----------------------------------------------------------------------------------

  app.post('/vfdtoken', async (c) => {
    const early = await faultBefore(c);
    if (early) return early;
    if (!/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'invalid_request', error_description: 'form body expected' }, 400);
    }
    const text = await readBody(c, BODY_LIMITS.token);
    if (text === null) return tooLarge(c);
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'password') {
      return c.json({ error: 'unsupported_grant_type' }, 400);
    }
    const [taxpayer] = await db
      .select()
      .from(traSimTaxpayers)
      .where(eq(traSimTaxpayers.username, form.get('username') ?? ''));
    const given = Buffer.from(form.get('password') ?? '');
    const expected = Buffer.from(taxpayer?.password ?? '');
    if (
      !taxpayer ||
      !taxpayer.registeredAt ||
      given.length !== expected.length ||
      !crypto.timingSafeEqual(given, expected)
    ) {
      return c.json(
        { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' },
        400,
      );
    }
    const token = crypto.randomBytes(32).toString('base64url');
    await db.insert(traSimTokens).values({
      token,
      serial: taxpayer.serial,
      expiresAt: new Date(clock.now().getTime() + tokenTtl * 1000),
    });
    if (taxpayer.blocked) {
      c.header('ACKCODE', '8');
      c.header('ACKMSG', 'VFD blocked by TRA');
    }
    return c.json({ access_token: token, token_type: 'bearer', expires_in: tokenTtl });
  });

  // Receipts --------------------------------------------------------------------------------

  /** Envelope checks shared by receipts and Z reports: who is sending, with what right. */
  async function authenticate(
    c: Context,
    routingKey: string,
  ): Promise<{ taxpayer: Taxpayer } | { refusal: Verdict; detail?: string; status: number }> {
    const taxpayer = await taxpayerByCertSerial(c.req.header('cert-serial'));
    if (!taxpayer?.registeredAt) return { refusal: ACK.badSerial, status: 200 };
    const serial = await tokenSerial(c.req.header('authorization'));
    if (serial !== taxpayer.serial) return { refusal: ACK.badToken, status: 401 };
    if ((c.req.header('routing-key') ?? '') !== routingKey) {
      return { refusal: ACK.badRoutingKey, detail: `expected ${routingKey}`, status: 200 };
    }
    if (!/xml/i.test(c.req.header('content-type') ?? '')) {
      return {
        refusal: ACK.malformed,
        detail: 'Content-Type must be application/xml',
        status: 200,
      };
    }
    if (taxpayer.blocked) return { refusal: ACK.blocked, status: 200 };
    return { taxpayer };
  }

  /** Signed by the VFD's current certificate, or by one TRA issued to it before (renewal). */
  function signedBy(taxpayer: Taxpayer, split: { signedPart: string; signature: string }) {
    return [taxpayer.certPem, ...taxpayer.previousCertPems].some((pem) =>
      verifyXml(publicKeyOf(pem), split.signedPart, split.signature),
    );
  }

  const withDetail = (verdict: Verdict, detail?: string): Verdict =>
    detail ? { code: verdict.code, message: `${verdict.message}: ${detail}` } : verdict;

  app.post('/api/efdmsRctInfo', async (c) => {
    const early = await faultBefore(c);
    if (early) return early;
    const body = await readBody(c, BODY_LIMITS.receipt);
    if (body === null) return tooLarge(c);
    const auth = await authenticate(c, 'vfdrct');
    if ('refusal' in auth) return rctAck(c, '', withDetail(auth.refusal, auth.detail), auth.status);
    const { taxpayer } = auth;
    const split = splitSigned(body, 'RCT');
    if (!split)
      return rctAck(c, '', withDetail(ACK.malformed, 'expected EFDMS with RCT and EFDMSSIGNATURE'));
    if (!signedBy(taxpayer, split)) {
      return rctAck(c, '', ACK.badSignature);
    }
    let receipt: ParsedReceipt;
    try {
      receipt = parseReceipt(split.signedPart);
      if (receipt.tin !== taxpayer.tin) throw new Refusal(ACK.badTin);
      if (receipt.efdSerial !== taxpayer.serial) throw new Refusal(ACK.badSerial, 'EFDSERIAL');
      if (receipt.regId !== taxpayer.regId) throw new Refusal(ACK.badSerial, 'REGID');
    } catch (error) {
      if (error instanceof Refusal) return rctAck(c, '', error.ack);
      throw error;
    }
    const verdict = await recordReceipt(taxpayer.serial, receipt, split.signedPart, body);
    if (dropAfter()) return dropConnection(c);
    return rctAck(c, String(receipt.rctNum), verdict);
  });

  /** Numbering checks against the ledger, then content checks; records what it must. */
  function recordReceipt(
    serial: string,
    r: ParsedReceipt,
    signedPart: string,
    body: string,
  ): Promise<Verdict> {
    const hash = sha256(body);
    return db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(traSimTaxpayers)
        .where(eq(traSimTaxpayers.serial, serial))
        .for('update');
      const [seen] = await tx
        .select()
        .from(traSimReceipts)
        .where(eq(traSimReceipts.rctvnum, r.rctvnum));
      // An exact resend gets the first answer again (TRA rules 10, 11).
      if (seen && seen.bodyHash === hash) {
        await tx
          .update(traSimReceipts)
          .set({ posts: sql`${traSimReceipts.posts} + 1` })
          .where(eq(traSimReceipts.id, seen.id));
        return { code: seen.ackCode, message: seen.ackMessage };
      }
      const expectedGc = t!.lastGc === null ? t!.gcStart : t!.lastGc + 1;
      if (r.gc !== expectedGc) {
        return withDetail(ACK.gcSequence, `expected ${expectedGc}, got ${r.gc}`);
      }
      if (r.rctNum !== r.gc) return ACK.rctnumNotGc;
      if (seen) return withDetail(ACK.duplicateRctvnum, r.rctvnum);
      if (r.rctvnum !== `${t!.receiptCode}${r.gc}`) return ACK.badRctvnum;
      if (r.znum !== r.date.replace(/-/g, '')) return ACK.znumNotDate;
      const instant = Date.parse(`${r.date}T${r.time}+03:00`);
      if (instant > clock.now().getTime() + futureTolerance) return ACK.futureDate;
      const previous = t!.lastDate ? `${t!.lastDate} ${t!.lastTime}` : '';
      if (`${r.date} ${r.time}` < previous) return ACK.olderDate;
      const expectedDc = t!.lastDate === r.date ? (t!.lastDc ?? 0) + 1 : 1;
      if (r.dc !== expectedDc) {
        return withDetail(ACK.dcSequence, `expected ${expectedDc}, got ${r.dc}`);
      }
      // The numbering is right, so the receipt takes its number even if its content is refused:
      // the customer holds it already, and a correction comes as a new receipt (TRA rule 8).
      let verdict: Verdict = ACK.success;
      try {
        checkReceiptContent(r);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        verdict = error.ack;
      }
      await tx.insert(traSimReceipts).values({
        serial,
        rctvnum: r.rctvnum,
        gc: r.gc,
        dc: r.dc,
        znum: r.znum,
        date: r.date,
        time: r.time,
        body: signedPart,
        bodyHash: hash,
        ackCode: verdict.code,
        ackMessage: verdict.message,
        totalInclCents: r.totalIncl,
        discountCents: r.discount,
        data: r as unknown as Record<string, unknown>,
        receivedAt: clock.now(),
      });
      await tx
        .update(traSimTaxpayers)
        .set({ lastGc: r.gc, lastDc: r.dc, lastDate: r.date, lastTime: r.time })
        .where(eq(traSimTaxpayers.serial, serial));
      return verdict;
    });
  }

  // Z reports -------------------------------------------------------------------------------

  app.post('/api/efdmszreport', async (c) => {
    const early = await faultBefore(c);
    if (early) return early;
    const body = await readBody(c, BODY_LIMITS.zreport);
    if (body === null) return tooLarge(c);
    const auth = await authenticate(c, 'vfdzreport');
    if ('refusal' in auth) return zAck(c, '', withDetail(auth.refusal, auth.detail), auth.status);
    const { taxpayer } = auth;
    const split = splitSigned(body, 'ZREPORT');
    if (!split)
      return zAck(
        c,
        '',
        withDetail(ACK.malformed, 'expected EFDMS with ZREPORT and EFDMSSIGNATURE'),
      );
    if (!signedBy(taxpayer, split)) {
      return zAck(c, '', ACK.badSignature);
    }
    let z: ReturnType<typeof parseZReport>;
    try {
      z = parseZReport(split.signedPart);
      if (z.tin !== taxpayer.tin) throw new Refusal(ACK.badTin);
      if (z.efdSerial !== taxpayer.serial) throw new Refusal(ACK.badSerial, 'EFDSERIAL');
      if (z.regId !== taxpayer.regId) throw new Refusal(ACK.badSerial, 'REGID');
    } catch (error) {
      if (error instanceof Refusal) return zAck(c, '', error.ack);
      throw error;
    }
    const day = `${z.znumber.slice(0, 4)}-${z.znumber.slice(4, 6)}-${z.znumber.slice(6, 8)}`;
    const hash = sha256(body);
    const verdict = await db.transaction(async (tx): Promise<Verdict> => {
      await tx
        .select({ serial: traSimTaxpayers.serial })
        .from(traSimTaxpayers)
        .where(eq(traSimTaxpayers.serial, taxpayer.serial))
        .for('update');
      const [seen] = await tx
        .select()
        .from(traSimZReports)
        .where(
          and(eq(traSimZReports.serial, taxpayer.serial), eq(traSimZReports.znumber, z.znumber)),
        );
      if (seen) {
        if (seen.bodyHash !== hash) return withDetail(ACK.zDuplicate, z.znumber);
        await tx
          .update(traSimZReports)
          .set({ posts: sql`${traSimZReports.posts} + 1` })
          .where(eq(traSimZReports.id, seen.id));
        return { code: seen.ackCode, message: seen.ackMessage };
      }
      const now = clock.now();
      if (day >= eatDate(now)) return ACK.zDayNotOver;
      if (Date.parse(`${z.date}T${z.time}+03:00`) > now.getTime() + futureTolerance) {
        return ACK.futureDate;
      }
      const [dayRow] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          total: sql<string | null>`sum(${traSimReceipts.totalInclCents})`,
          discount: sql<string | null>`sum(${traSimReceipts.discountCents})`,
        })
        .from(traSimReceipts)
        .where(and(eq(traSimReceipts.serial, taxpayer.serial), eq(traSimReceipts.date, day)));
      const [grossRow] = await tx
        .select({ total: sql<string | null>`sum(${traSimReceipts.totalInclCents})` })
        .from(traSimReceipts)
        .where(and(eq(traSimReceipts.serial, taxpayer.serial), lte(traSimReceipts.date, day)));
      const problems: string[] = [];
      if (z.ticketsFiscal !== dayRow!.count)
        problems.push(`TICKETSFISCAL ${z.ticketsFiscal} ≠ ${dayRow!.count}`);
      if (z.dailyTotal !== Number(dayRow!.total ?? 0)) problems.push('DAILYTOTALAMOUNT');
      if (z.discounts !== Number(dayRow!.discount ?? 0)) problems.push('DISCOUNTS');
      if (z.gross !== Number(grossRow!.total ?? 0)) problems.push('GROSS');
      const vatSum = z.vatTotals.reduce((s, vat) => s + vat.net + vat.tax, 0);
      const paySum = z.payments.reduce((s, p) => s + p.amount, 0);
      if (vatSum !== z.dailyTotal) problems.push('VATTOTALS');
      if (paySum !== z.dailyTotal) problems.push('PAYMENTS');
      const verdict = problems.length ? withDetail(ACK.zTotals, problems.join(', ')) : ACK.success;
      await tx.insert(traSimZReports).values({
        serial: taxpayer.serial,
        znumber: z.znumber,
        body: split.signedPart,
        bodyHash: hash,
        ackCode: verdict.code,
        ackMessage: verdict.message,
        data: z as unknown as Record<string, unknown>,
        receivedAt: now,
      });
      return verdict;
    });
    if (dropAfter()) return dropConnection(c);
    return zAck(c, z.znumber, verdict);
  });

  // Verification ----------------------------------------------------------------------------

  app.get('/verify/:code', async (c) => {
    const address = clientAddress(c, options.trustProxy ?? false);
    const attempts = await recordAttempt(
      db,
      `tra-sim-verify:${address}`,
      VERIFY_LIMIT,
      clock.now(),
    );
    if (attempts > VERIFY_LIMIT.max) {
      return c.text('Too many requests', 429, {
        'Retry-After': String(VERIFY_LIMIT.windowMs / 1000),
      });
    }
    // TRA's link is <RCTVNUM>_<HHMMSS>: the code alone (a receipt code and a running number)
    // is guessable, the time of issue is not printed anywhere but on the receipt.
    const match = /^([A-Za-z0-9]{1,40})_(\d{6})$/.exec(c.req.param('code'));
    const [row] = match
      ? await db
          .select({ receipt: traSimReceipts, taxpayer: traSimTaxpayers })
          .from(traSimReceipts)
          .innerJoin(traSimTaxpayers, eq(traSimTaxpayers.serial, traSimReceipts.serial))
          .where(eq(traSimReceipts.rctvnum, match[1]!.toUpperCase()))
      : [];
    const matches = row !== undefined && row.receipt.time.replace(/:/g, '') === match![2];
    const found = matches
      ? {
          receipt: row.receipt.data as unknown as ParsedReceipt,
          seller: {
            name: row.taxpayer.name,
            tin: row.taxpayer.tin,
            vrn: row.taxpayer.vrn,
            serial: row.taxpayer.serial,
            uin: row.taxpayer.uin,
            taxOffice: row.taxpayer.taxOffice,
          },
          ackCode: row.receipt.ackCode,
          ackMessage: row.receipt.ackMessage,
        }
      : null;
    const wantsJson =
      c.req.query('format') === 'json' || /application\/json/.test(c.req.header('accept') ?? '');
    if (wantsJson) {
      return found ? c.json(verificationJson(found)) : c.json({ error: 'not_found' }, 404);
    }
    return c.html(
      verificationPage(localeFromHeader(c.req.header('accept-language')), found),
      found ? 200 : 404,
    );
  });

  app.get('/certificate', async (c) => {
    await answerKey();
    const [row] = await db
      .select({ certPem: traSimKeys.certPem })
      .from(traSimKeys)
      .where(eq(traSimKeys.id, 'tra'));
    return c.body(row!.certPem, 200, { 'Content-Type': 'application/x-pem-file' });
  });

  // Administration --------------------------------------------------------------------------

  const admin = new Hono();
  admin.use('*', async (c, next) => {
    const token = options.adminToken;
    const given = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
    if (
      !token ||
      given.length !== token.length ||
      !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token))
    ) {
      return c.json({ error: 'not_found' }, 404);
    }
    await next();
  });

  const taxpayerSchema = v.object({
    serial: v.optional(v.pipe(v.string(), v.regex(/^\d{2}TZ\d{5,10}$/i))),
    tin: v.pipe(v.string(), v.regex(/^\d{9}$/)),
    vrn: v.optional(v.nullable(v.string())),
    name: v.pipe(v.string(), v.minLength(1)),
    mobile: v.pipe(v.string(), v.minLength(1)),
    address: v.pipe(v.string(), v.minLength(1)),
    street: v.optional(v.string()),
    city: v.optional(v.string()),
    country: v.optional(v.string()),
    region: v.optional(v.string()),
    taxOffice: v.optional(v.string()),
    gcStart: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    certificatePem: v.optional(v.string()),
  });

  admin.post('/taxpayers', async (c) => {
    const parsed = v.safeParse(taxpayerSchema, await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ error: 'invalid', issues: parsed.issues.map((i) => i.message) }, 422);
    const { certificatePem, ...rest } = parsed.output;
    const input: TaxpayerInput = {
      ...rest,
      ...(certificatePem ? { certPem: certificatePem } : {}),
    };
    const enrolled = await enrolTaxpayer(db, input, clock.now());
    return c.json(
      {
        serial: enrolled.serial,
        receiptCode: enrolled.receiptCode,
        ...(enrolled.issued
          ? { pfx: enrolled.issued.pfx.toString('base64'), password: enrolled.issued.password }
          : {}),
      },
      201,
    );
  });

  admin.get('/faults', (c) => c.json(faults));
  admin.put('/faults', async (c) => {
    const parsed = v.safeParse(faultSettingsSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid' }, 422);
    Object.assign(faults, NO_FAULTS, parsed.output);
    return c.json(faults);
  });

  admin.post('/taxpayers/:serial/block', async (c) => {
    await setBlocked(c.req.param('serial'), true);
    return c.body(null, 204);
  });
  admin.post('/taxpayers/:serial/unblock', async (c) => {
    await setBlocked(c.req.param('serial'), false);
    return c.body(null, 204);
  });
  admin.get('/taxpayers/:serial/receipts', async (c) =>
    c.json(await ledger(c.req.param('serial'))),
  );

  app.route('/admin', admin);

  /** Blocking also revokes the VFD's tokens: it learns of the block when it asks for a new one. */
  async function setBlocked(serial: string, blocked: boolean): Promise<void> {
    await db
      .update(traSimTaxpayers)
      .set({ blocked })
      .where(eq(traSimTaxpayers.serial, serial.toUpperCase()));
    if (blocked) {
      await db.delete(traSimTokens).where(eq(traSimTokens.serial, serial.toUpperCase()));
    }
  }

  /** The ledger of one VFD, in GC order. */
  async function ledger(serial: string) {
    return db
      .select({
        gc: traSimReceipts.gc,
        dc: traSimReceipts.dc,
        znum: traSimReceipts.znum,
        date: traSimReceipts.date,
        time: traSimReceipts.time,
        rctvnum: traSimReceipts.rctvnum,
        ackCode: traSimReceipts.ackCode,
        ackMessage: traSimReceipts.ackMessage,
        posts: traSimReceipts.posts,
        body: traSimReceipts.body,
        totalInclCents: traSimReceipts.totalInclCents,
        receivedAt: traSimReceipts.receivedAt,
      })
      .from(traSimReceipts)
      .where(eq(traSimReceipts.serial, serial.toUpperCase()))
      .orderBy(asc(traSimReceipts.gc));
  }

  async function zLedger(serial: string) {
    return db
      .select()
      .from(traSimZReports)
      .where(eq(traSimZReports.serial, serial.toUpperCase()))
      .orderBy(asc(traSimZReports.znumber));
  }

  return {
    app,
    faults,
    setFaults(settings: Partial<FaultSettings>) {
      Object.assign(faults, NO_FAULTS, settings);
    },
    enrol: (input: TaxpayerInput) => enrolTaxpayer(db, input, clock.now()),
    setBlocked,
    ledger,
    zLedger,
    /** The simulator's certificate, to check the signatures of its answers. */
    async certificate(): Promise<string> {
      await answerKey();
      const [row] = await db
        .select({ certPem: traSimKeys.certPem })
        .from(traSimKeys)
        .where(eq(traSimKeys.id, 'tra'));
      return row!.certPem;
    },
  };
}

export type TraSimulator = ReturnType<typeof createTraSimulator>;

// The simulator is strict like TRA: each rule a VFD can break is provoked here by a hand-made
// request, and must be answered with a non-zero ACKCODE and a message that names the problem.
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../domain/money';
import { ManualClock } from '../../server/clock';
import { traSimReceipts } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { parseFaults } from '../../server/tra-sim/faults';
import { issueCertificate } from '../../server/tra-sim/issue';
import { createTraSimulator } from '../../server/tra-sim/simulator';
import { certSerialHeader, readPfx } from '../../server/vfd/certificate';
import { loadVfd, vfdCertSerialHeader } from '../../server/vfd/device';
import { postDocument } from '../../server/vfd/tra-client';
import {
  envelope,
  parseAck,
  parseRegistration,
  receiptXml,
  registrationXml,
  signedDocument,
  zReportXml,
  type ReceiptXmlInput,
  type ZReportXmlInput,
} from '../../server/vfd/xml';
import {
  companySigningKey,
  createFiscalEnv,
  traToken,
  type FiscalEnv,
  type RegisteredCompany,
} from '../helpers/fiscal';

let env: FiscalEnv;

beforeAll(async () => {
  env = await createFiscalEnv({
    clock: new ManualClock('2026-05-11T10:00:00+03:00'),
    simTokenTtlSeconds: 3_600,
  });
});
afterAll(async () => {
  await env.close();
});

/** What the simulator last recorded for the VFD: the next receipt must follow it. */
async function last(serial: string) {
  const [row] = await env.deps.db
    .select()
    .from(traSimReceipts)
    .where(eq(traSimReceipts.serial, serial))
    .orderBy(desc(traSimReceipts.gc))
    .limit(1);
  return row;
}

const eat = (at: Date) => {
  const iso = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
};

/** A correct next receipt for the company, with some fields changed. */
async function nextReceipt(
  company: RegisteredCompany,
  changes: Partial<ReceiptXmlInput> = {},
): Promise<ReceiptXmlInput> {
  const vfd = (await loadVfd(env.deps.db, company.id))!;
  const previous = await last(company.serial);
  const { date, time } = eat(env.clock.now());
  const gc = previous ? previous.gc + 1 : Number(vfd.registration.GC);
  return {
    date,
    time,
    tin: company.tin,
    regId: vfd.regId,
    efdSerial: vfd.serial,
    custIdType: 6,
    custId: '',
    custName: 'Mteja',
    mobileNum: '',
    gc,
    dc: previous?.date === date ? previous.dc + 1 : 1,
    znum: date.replace(/-/g, ''),
    rctvnum: `${company.receiptCode}${gc}`,
    items: [{ id: '1', desc: 'Sabuni', qty: '2', taxCode: 1, amtCents: cents(23_600) }],
    totalExclCents: cents(20_000),
    totalInclCents: cents(23_600),
    discountCents: cents(0),
    payments: [{ type: 'CASH', cents: cents(23_600) }],
    vatTotals: [{ group: 'A', netCents: cents(20_000), taxCents: cents(3_600) }],
    ...changes,
  };
}

interface PostOptions {
  token?: string | null;
  certSerial?: string;
  routingKey?: string;
  kind?: 'receipt' | 'zreport';
}

async function post(company: RegisteredCompany, document: string, options: PostOptions = {}) {
  const vfd = (await loadVfd(env.deps.db, company.id))!;
  const token = options.token === undefined ? await traToken(env, company.id) : options.token;
  const kind = options.kind ?? 'receipt';
  const call = await postDocument(
    env.simUrl,
    kind,
    document,
    {
      certSerial: options.certSerial ?? vfdCertSerialHeader(vfd),
      token: token ?? '',
      routingKey: options.routingKey ?? (kind === 'receipt' ? 'vfdrct' : 'vfdzreport'),
    },
    5_000,
  );
  if (!call.answered) throw new Error(call.error);
  return { status: call.status, ack: parseAck(call.body, kind === 'receipt' ? 'RCTACK' : 'ZACK') };
}

async function send(
  company: RegisteredCompany,
  receipt: ReceiptXmlInput,
  options: PostOptions = {},
) {
  const key = await companySigningKey(env, company.id);
  return post(company, signedDocument(receiptXml(receipt), key), options);
}

/** A signed document whose signed part is given as text (for malformed content). */
async function sendRaw(company: RegisteredCompany, signedPart: string) {
  const key = await companySigningKey(env, company.id);
  const signature = crypto.sign('sha1', Buffer.from(signedPart), key).toString('base64');
  return post(company, envelope(signedPart, signature));
}

const refused = (code: number, message: RegExp) => ({
  status: 200,
  ack: expect.objectContaining({ ackCode: code, ackMessage: expect.stringMatching(message) }),
});

describe('the simulator accepts', () => {
  it('a correct receipt, and answers an exact resend with the same success', async () => {
    const company = await env.company();
    const receipt = await nextReceipt(company);
    const document = signedDocument(receiptXml(receipt), await companySigningKey(env, company.id));
    expect(await post(company, document)).toMatchObject({
      status: 200,
      ack: { ackCode: 0, ackMessage: 'Success' },
    });
    expect(await post(company, document)).toMatchObject({ status: 200, ack: { ackCode: 0 } });
    expect(await env.sim.ledger(company.serial)).toMatchObject([
      { gc: receipt.gc, ackCode: 0, posts: 2 },
    ]);
  });
});

describe('the simulator accepts what TRA accepts', () => {
  let company: RegisteredCompany;
  beforeAll(async () => {
    company = await env.company();
  });
  const accepted = { status: 200, ack: expect.objectContaining({ ackCode: 0 }) };
  const item = (amtCents: number, id = '1') => ({
    id,
    desc: 'Sabuni',
    qty: '1',
    taxCode: 1,
    amtCents: cents(amtCents),
  });

  it('amounts without decimals or with one, as in TRA’s own sample', async () => {
    const whole = receiptXml(await nextReceipt(company)).replace(/(\d)\.00</g, '$1<');
    expect(whole).toContain('<TOTALTAXINCL>236</TOTALTAXINCL>');
    expect(await sendRaw(company, whole)).toMatchObject(accepted);
    const one = receiptXml(await nextReceipt(company)).replace(/(\d)\.00</g, '$1.0<');
    expect(await sendRaw(company, one)).toMatchObject(accepted);
  });

  it('VAT rounded item by item, checked once for the group in whole cents', async () => {
    // 3 × 10.00 at 18 %: 8.47 + 1.53 each, 25.41 + 4.59 in all (30.00 alone would be 4.58).
    const amounts = {
      totalExclCents: cents(2_541),
      totalInclCents: cents(3_000),
      payments: [{ type: 'CASH' as const, cents: cents(3_000) }],
      vatTotals: [{ group: 'A' as const, netCents: cents(2_541), taxCents: cents(459) }],
    };
    const three = [item(1_000, '1'), item(1_000, '2'), item(1_000, '3')];
    expect(
      await send(company, await nextReceipt(company, { ...amounts, items: three })),
    ).toMatchObject(accepted);
    // One item of 30.00 cannot round to 4.59.
    const single = await nextReceipt(company, { ...amounts, items: [item(3_000)] });
    expect(await send(company, single)).toMatchObject(
      refused(30, /TAXAMOUNT of A does not match its rate/),
    );
  });

  it('item amounts after discount (Σ AMT = TOTALTAXINCL) and before it (Σ AMT − DISCOUNT = TOTALTAXINCL)', async () => {
    const discounted = {
      totalExclCents: cents(18_000),
      totalInclCents: cents(21_240),
      discountCents: cents(2_360),
      payments: [{ type: 'CASH' as const, cents: cents(21_240) }],
      vatTotals: [{ group: 'A' as const, netCents: cents(18_000), taxCents: cents(3_240) }],
    };
    const after = await nextReceipt(company, { ...discounted, items: [item(21_240)] });
    expect(await send(company, after)).toMatchObject(accepted);
    const before = await nextReceipt(company, { ...discounted, items: [item(23_600)] });
    expect(await send(company, before)).toMatchObject(accepted);
    // Neither reading: the discount does not bridge AMT and TOTALTAXINCL.
    const neither = await nextReceipt(company, {
      ...discounted,
      discountCents: cents(1_000),
      items: [item(23_600)],
    });
    expect(await send(company, neither)).toMatchObject(
      refused(30, /AMT\) do not add up to TOTALTAXINCL/),
    );
    // Before discount, but the VAT totals still count the undiscounted amount.
    const vatUndiscounted = await nextReceipt(company, {
      ...discounted,
      items: [item(23_600)],
      vatTotals: [{ group: 'A', netCents: cents(20_000), taxCents: cents(3_600) }],
    });
    expect(await send(company, vatUndiscounted)).toMatchObject(
      refused(30, /VATTOTALS do not take off DISCOUNT/),
    );
  });
});

describe('the simulator refuses a receipt', () => {
  let company: RegisteredCompany;
  beforeAll(async () => {
    company = await env.company();
  });

  it('with a bad signature', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const document = signedDocument(receiptXml(await nextReceipt(company)), other);
    expect(await post(company, document)).toMatchObject(refused(1, /Invalid signature/));
  });

  it('from an unknown certificate serial', async () => {
    const receipt = await nextReceipt(company);
    expect(
      await send(company, receipt, { certSerial: certSerialHeader('01 02 03 04') }),
    ).toMatchObject(refused(6, /serial/));
  });

  it('without a token, or with an expired one', async () => {
    const receipt = await nextReceipt(company);
    const missing = await send(company, receipt, { token: null });
    expect(missing).toMatchObject({
      status: 401,
      ack: { ackCode: 11, ackMessage: 'Invalid or expired token' },
    });
    const token = await traToken(env, company.id);
    env.clock.advance(3_601_000);
    const expired = await send(company, await nextReceipt(company), { token });
    expect(expired).toMatchObject({ status: 401, ack: { ackCode: 11 } });
  });

  it('with the wrong routing key', async () => {
    expect(
      await send(company, await nextReceipt(company), { routingKey: 'vfdzreport' }),
    ).toMatchObject(refused(12, /routing key/));
  });

  it('whose GC skips a number, or repeats one', async () => {
    const base = await nextReceipt(company);
    const skip = base.gc + 1;
    expect(
      await send(company, { ...base, gc: skip, rctvnum: `${company.receiptCode}${skip}` }),
    ).toMatchObject(
      refused(20, new RegExp(`GC out of sequence: expected ${base.gc}, got ${skip}`)),
    );
    expect(await send(company, base)).toMatchObject({ ack: { ackCode: 0 } });
    const repeat = { ...base, custName: 'Mteja mwingine', dc: base.dc + 1 };
    expect(await send(company, repeat)).toMatchObject(
      refused(20, new RegExp(`expected ${base.gc + 1}, got ${base.gc}`)),
    );
  });

  it('whose RCTNUM is not its GC', async () => {
    const next = await nextReceipt(company);
    const signedPart = receiptXml(next).replace(
      `<RCTNUM>${next.gc}</RCTNUM>`,
      `<RCTNUM>${next.gc + 7}</RCTNUM>`,
    );
    expect(await sendRaw(company, signedPart)).toMatchObject(refused(21, /RCTNUM must equal GC/));
  });

  it('whose RCTVNUM was used by a different receipt, or is not RECEIPTCODE + GC', async () => {
    const first = await nextReceipt(company);
    expect(await send(company, first)).toMatchObject({ ack: { ackCode: 0 } });
    const second = await nextReceipt(company);
    expect(await send(company, { ...second, rctvnum: first.rctvnum })).toMatchObject(
      refused(27, /RCTVNUM already used by a different receipt/),
    );
    expect(await send(company, { ...second, rctvnum: `ZZZZZZ${second.gc}` })).toMatchObject(
      refused(26, /RECEIPTCODE followed by GC/),
    );
  });

  it('whose DC does not follow', async () => {
    const receipt = await nextReceipt(company);
    expect(await send(company, { ...receipt, dc: receipt.dc + 2 })).toMatchObject(
      refused(22, new RegExp(`DC out of sequence: expected ${receipt.dc}`)),
    );
  });

  it('whose ZNUM differs from its DATE', async () => {
    const receipt = await nextReceipt(company);
    expect(await send(company, { ...receipt, znum: '20260101' })).toMatchObject(
      refused(23, /ZNUM differs from DATE/),
    );
  });

  it('dated in the future, or older than the previous receipt', async () => {
    const receipt = await nextReceipt(company);
    const future = eat(new Date(env.clock.now().getTime() + 3 * 3_600_000));
    expect(
      await send(company, { ...receipt, ...future, znum: future.date.replace(/-/g, ''), dc: 1 }),
    ).toMatchObject(refused(24, /future/));
    expect(await send(company, receipt)).toMatchObject({ ack: { ackCode: 0 } });
    const older = eat(new Date(env.clock.now().getTime() - 60_000));
    const next = await nextReceipt(company);
    expect(await send(company, { ...next, ...older })).toMatchObject(
      refused(25, /older than the previous receipt/),
    );
  });

  it('that is not well-formed XML', async () => {
    const signedPart = receiptXml(await nextReceipt(company)).replace('</TIN>', '</TINN>');
    expect(await sendRaw(company, signedPart)).toMatchObject(refused(13, /Malformed XML/));
  });

  it('with elements out of order, missing or added', async () => {
    const receipt = await nextReceipt(company);
    const xml = receiptXml(receipt);
    const swapped = xml.replace(
      /<DATE>(.*?)<\/DATE><TIME>(.*?)<\/TIME>/,
      '<TIME>$2</TIME><DATE>$1</DATE>',
    );
    expect(await sendRaw(company, swapped)).toMatchObject(
      refused(14, /RCT element 1: expected DATE, found TIME/),
    );
    const missing = xml.replace(/<MOBILENUM><\/MOBILENUM>/, '');
    expect(await sendRaw(company, missing)).toMatchObject(
      refused(14, /expected MOBILENUM, found RCTNUM/),
    );
    const added = xml.replace('</RCT>', '<NOTE>x</NOTE></RCT>');
    expect(await sendRaw(company, added)).toMatchObject(refused(14, /unexpected NOTE/));
    for (const amount of ['2.36e+02', '236.000', '-236.00', '236.', '.5']) {
      const odd = xml.replace('<AMT>236.00</AMT>', `<AMT>${amount}</AMT>`);
      expect(await sendRaw(company, odd), amount).toMatchObject(
        refused(14, /AMT must be an amount with up to two decimals/),
      );
    }
  });

  it('whose totals do not add up', async () => {
    const cases: Array<[Partial<ReceiptXmlInput>, RegExp]> = [
      [{ totalInclCents: cents(23_700) }, /AMT\) do not add up to TOTALTAXINCL/],
      [
        { vatTotals: [{ group: 'A', netCents: cents(20_100), taxCents: cents(3_500) }] },
        /TAXAMOUNT of A does not match its rate/,
      ],
      [
        { vatTotals: [{ group: 'A', netCents: cents(20_000), taxCents: cents(3_500) }] },
        /VATTOTALS A do not match its items/,
      ],
      [{ totalExclCents: cents(19_000) }, /NETTAMOUNT do not add up to TOTALTAXEXCL/],
      [{ payments: [{ type: 'CASH', cents: cents(20_000) }] }, /payments do not add up/],
      [
        {
          items: [{ id: '1', desc: 'Sabuni', qty: '2', taxCode: 3, amtCents: cents(23_600) }],
        },
        /VATTOTALS A do not match its items/,
      ],
    ];
    for (const [changes, message] of cases) {
      const current = await nextReceipt(company);
      // Numbering is right, so the receipt is recorded (refused) and takes its GC.
      expect(await send(company, { ...current, ...changes })).toMatchObject(refused(30, message));
      expect((await last(company.serial))!.gc).toBe(current.gc);
    }
  });

  it('with a customer TIN that is not 9 digits', async () => {
    const receipt = await nextReceipt(company, { custIdType: 1, custId: '12345678' });
    expect(await send(company, receipt)).toMatchObject(refused(31, /9 digits/));
  });

  it.each(['+255712345678', '0712 345 678', '0712-345-678'])(
    'with MOBILENUM %s',
    async (mobileNum) => {
      const receipt = await nextReceipt(company, { mobileNum });
      expect(await send(company, receipt)).toMatchObject(refused(32, /no \+, spaces or dashes/));
    },
  );

  it('with a TIN that is not the registered one', async () => {
    const receipt = await nextReceipt(company, { tin: '999999999' });
    expect(await send(company, receipt)).toMatchObject(refused(3, /Invalid TIN/));
  });
});

describe('the simulator refuses a registration', () => {
  it('with the wrong client header, unknown serial, wrong TIN, wrong certificate or bad signature', async () => {
    const taxpayer = await env.sim.enrol({
      tin: '300000001',
      name: 'Kampuni ya Majaribio',
      mobile: '255713000000',
      address: 'Arusha',
    });
    const loaded = readPfx(taxpayer.issued!.pfx, taxpayer.issued!.password, env.clock.now());
    const header = certSerialHeader(loaded.serialHexPairs);
    const good = (certKey: string, tin: string, key = loaded.privateKey) =>
      signedDocument(registrationXml(tin, certKey), key);
    const call = async (document: string, certSerial = header, client = 'webapi') => {
      const url = `${env.simUrl}/api/vfdRegReq`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml', 'Cert-Serial': certSerial, Client: client },
        body: document,
      });
      return parseRegistration(await response.text());
    };
    expect(await call(good(taxpayer.serial, '300000001'), header, 'browser')).toMatchObject({
      ACKCODE: '7',
    });
    expect(await call(good('10TZ999999', '300000001'))).toMatchObject({ ACKCODE: '6' });
    expect(await call(good(taxpayer.serial, '300000002'))).toMatchObject({
      ACKCODE: '3',
      ACKMSG: 'Invalid TIN',
    });
    const otherCert = issueCertificate({
      commonName: 'other',
      notBefore: new Date(env.clock.now().getTime() - 86_400_000),
    });
    const otherLoaded = readPfx(otherCert.pfx, otherCert.password, env.clock.now());
    expect(
      await call(good(taxpayer.serial, '300000001'), certSerialHeader(otherLoaded.serialHexPairs)),
    ).toMatchObject({ ACKCODE: '8', ACKMSG: 'Wrong certificate used to register' });
    expect(await call(good(taxpayer.serial, '300000001', otherLoaded.privateKey))).toMatchObject({
      ACKCODE: '1',
      ACKMSG: 'Invalid signature',
    });
    const accepted = await call(good(taxpayer.serial, '300000001'));
    expect(accepted).toMatchObject({
      ACKCODE: '0',
      SERIAL: taxpayer.serial,
      RECEIPTCODE: taxpayer.receiptCode,
      ROUTINGKEY: 'vfdrct',
      TOKENPATH: 'vfdtoken',
      GC: '1',
      CODEA: '18',
    });
  });
});

describe('the simulator checks Z reports', () => {
  async function zReport(
    company: RegisteredCompany,
    day: string,
    changes: Partial<ZReportXmlInput> = {},
  ) {
    const vfd = (await loadVfd(env.deps.db, company.id))!;
    const { date, time } = eat(env.clock.now());
    const input: ZReportXmlInput = {
      date,
      time,
      headerLines: ['A', 'B', 'C', 'D'],
      vrn: 'NOT REGISTERED',
      tin: company.tin,
      taxOffice: 'Ilala',
      regId: vfd.regId,
      znumber: day.replace(/-/g, ''),
      efdSerial: vfd.serial,
      registrationDate: day,
      uin: vfd.uin,
      dailyTotalCents: cents(0),
      grossCents: cents(0),
      discountsCents: cents(0),
      ticketsFiscal: 0,
      vatTotals: ['A-18.00', 'B-0.00', 'C-0.00', 'D-0.00', 'E-0.00'].map((label) => ({
        label,
        netCents: cents(0),
        taxCents: cents(0),
      })),
      payments: (['CASH', 'CHEQUE', 'CCARD', 'EMONEY', 'INVOICE'] as const).map((type) => ({
        type,
        cents: cents(0),
      })),
      ...changes,
    };
    const key = await companySigningKey(env, company.id);
    return post(company, signedDocument(zReportXml(input), key), { kind: 'zreport' });
  }

  it('for a day not over, with totals that differ from the receipts, or sent twice differently', async () => {
    const company = await env.company();
    const today = eat(env.clock.now()).date;
    expect(await zReport(company, today)).toMatchObject(refused(40, /not over/));
    expect(await send(company, await nextReceipt(company))).toMatchObject({ ack: { ackCode: 0 } });
    env.clock.advance(86_400_000);
    expect(await zReport(company, today)).toMatchObject(
      refused(41, /TICKETSFISCAL 0 ≠ 1, DAILYTOTALAMOUNT, GROSS/),
    );
    expect(
      await zReport(company, today, {
        ticketsFiscal: 1,
        dailyTotalCents: cents(23_600),
        grossCents: cents(23_600),
      }),
    ).toMatchObject(refused(42, /already received with different content/));
  });
});

describe('the verification page', () => {
  it('shows an accepted receipt by RCTVNUM and time, in English and Swahili, and as JSON', async () => {
    const company = await env.company();
    const receipt = await nextReceipt(company, { custName: 'Asha <Mwinyi>' });
    expect(await send(company, receipt)).toMatchObject({ ack: { ackCode: 0 } });
    const code = `${receipt.rctvnum}_${receipt.time.replace(/:/g, '')}`;
    const html = await fetch(`${env.simUrl}/verify/${code}`).then(
      async (r) => [r.status, await r.text()] as const,
    );
    expect(html[0]).toBe(200);
    expect(html[1]).toContain('Accepted by TRA');
    expect(html[1]).toContain(company.name);
    expect(html[1]).toContain('Asha &lt;Mwinyi&gt;');
    expect(html[1]).toContain('Sabuni');
    expect(html[1]).toContain('236.00');
    const swahili = await fetch(`${env.simUrl}/verify/${code}`, {
      headers: { 'accept-language': 'sw' },
    }).then((r) => r.text());
    expect(swahili).toContain('lang="sw"');
    expect(swahili).not.toContain('Accepted by TRA');
    const json = await fetch(`${env.simUrl}/verify/${code}?format=json`).then((r) => r.json());
    expect(json).toMatchObject({
      rctvnum: receipt.rctvnum,
      status: 'accepted',
      seller: { tin: company.tin, serial: company.serial },
      receiptNumber: receipt.gc,
      totalIncludingTax: '236.00',
      totalTax: '36.00',
      items: [{ description: 'Sabuni', quantity: '2', taxGroup: 'A', amount: '236.00' }],
    });
    // The code alone, a wrong time and an unknown code all get the same answer.
    const notFound = async (path: string) => {
      const response = await fetch(`${env.simUrl}/verify/${path}`);
      return [response.status, await response.text()] as const;
    };
    const wrongTime = await notFound(`${receipt.rctvnum}_000000`);
    expect(wrongTime[0]).toBe(404);
    expect(await notFound(receipt.rctvnum)).toEqual(wrongTime);
    expect(await notFound(`NOSUCH1_${receipt.time.replace(/:/g, '')}`)).toEqual(wrongTime);
    expect((await fetch(`${env.simUrl}/verify/${receipt.rctvnum}?format=json`)).status).toBe(404);
    expect((await fetch(`${env.simUrl}/verify/NOSUCH1_101010?format=json`)).status).toBe(404);
  });
});

describe('the simulator’s administration', () => {
  it('is closed without its token, issues certificates, sets faults and shows a ledger', async () => {
    const adminToken = 'sim-admin-token-for-tests';
    const sim = createTraSimulator({ db: env.deps.db, clock: env.clock, adminToken });
    const call = (method: string, path: string, body?: unknown, token = adminToken) =>
      sim.app.request(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await call('GET', '/admin/faults', undefined, 'wrong-token-wrong-token')).status).toBe(
      404,
    );
    const issued = await call('POST', '/admin/taxpayers', {
      tin: '400000001',
      name: 'Kampuni ya Admin',
      mobile: '255714000000',
      address: 'Dodoma',
      gcStart: 77,
    });
    expect(issued.status).toBe(201);
    const body = (await issued.json()) as { serial: string; pfx: string; password: string };
    const loaded = readPfx(Buffer.from(body.pfx, 'base64'), body.password, env.clock.now());
    expect(loaded.subject).toContain(`CN=${body.serial}`);
    expect((await call('POST', '/admin/taxpayers', { tin: '12' })).status).toBe(422);
    const faults = await call('PUT', '/admin/faults', {
      dropRate: 0.25,
      latencyMs: 100,
      latencyRate: 1,
    });
    expect(await faults.json()).toMatchObject({ dropRate: 0.25, latencyMs: 100, errorRate: 0 });
    expect((await call('PUT', '/admin/faults', { dropRate: 2 })).status).toBe(422);
    expect(await (await call('GET', `/admin/taxpayers/${body.serial}/receipts`)).json()).toEqual(
      [],
    );
  });

  it('reads TRA_SIM_FAULTS, and names what it cannot read', () => {
    expect(
      parseFaults('drop=0.1,error=0.05,timeout=0.02,accept-drop=0.3,latency=0.5:200,hang=5000'),
    ).toEqual({
      dropRate: 0.1,
      errorRate: 0.05,
      timeoutRate: 0.02,
      acceptThenDropRate: 0.3,
      latencyRate: 0.5,
      latencyMs: 200,
      hangMs: 5000,
    });
    expect(() => parseFaults('drop=lots')).toThrow('TRA_SIM_FAULTS: cannot read "drop=lots"');
    expect(() => parseFaults('explode=1')).toThrow('unknown fault "explode"');
    expect(() => loadConfig({ TRA_SIM_FAULTS: 'drop=1.5' })).toThrow(/TRA_SIM_FAULTS/);
  });
});

// The reference receipt and Z report: every byte as tra-vfd.md shows it, the signature checked
// with the certificate's public key, and both accepted by the simulator.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { traOutbox } from '../../server/db/schema';
import { readPfx } from '../../server/vfd/certificate';
import { splitSigned } from '../../server/vfd/xml';
import { createZReport } from '../../server/vfd/z-report';
import {
  createFiscalEnv,
  fixture,
  FIXTURE_PASSWORD,
  invoiceFor,
  type FiscalEnv,
  type RegisteredCompany,
} from '../helpers/fiscal';

const golden = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, 'golden', name), 'utf8').replace(/\n$/, '');

const REFERENCE_RCT =
  '<RCT><DATE>2019-08-27</DATE><TIME>08:36:02</TIME><TIN>222222286</TIN><REGID>TZ0100089</REGID>' +
  '<EFDSERIAL>10TZ1000211</EFDSERIAL><CUSTIDTYPE>1</CUSTIDTYPE><CUSTID>111111111</CUSTID>' +
  '<CUSTNAME>Duka la Mama &amp; Watoto</CUSTNAME><MOBILENUM>255712000000</MOBILENUM>' +
  '<RCTNUM>380</RCTNUM><DC>1</DC><GC>380</GC><ZNUM>20190827</ZNUM><RCTVNUM>MFT7AB380</RCTVNUM>' +
  '<ITEMS><ITEM><ID>101</ID><DESC>Item desc</DESC><QTY>1</QTY><TAXCODE>1</TAXCODE><AMT>200.00</AMT></ITEM></ITEMS>' +
  '<TOTALS><TOTALTAXEXCL>169.49</TOTALTAXEXCL><TOTALTAXINCL>200.00</TOTALTAXINCL><DISCOUNT>0.00</DISCOUNT></TOTALS>' +
  '<PAYMENTS><PMTTYPE>CASH</PMTTYPE><PMTAMOUNT>200.00</PMTAMOUNT></PAYMENTS>' +
  '<VATTOTALS><VATRATE>A</VATRATE><NETTAMOUNT>169.49</NETTAMOUNT><TAXAMOUNT>30.51</TAXAMOUNT></VATTOTALS></RCT>';

const REFERENCE_ZREPORT =
  '<ZREPORT><DATE>2019-08-28</DATE><TIME>00:05:00</TIME><HEADER><LINE>DUKA LA MAMA LTD</LINE>' +
  '<LINE>PLOT 12, SAMORA AVENUE</LINE><LINE>MOBILE: 255712345678</LINE><LINE>DAR ES SALAAM,TANZANIA</LINE></HEADER>' +
  '<VRN>10017937K</VRN><TIN>222222286</TIN><TAXOFFICE>Tax Office Ilala</TAXOFFICE><REGID>TZ0100089</REGID>' +
  '<ZNUMBER>20190827</ZNUMBER><EFDSERIAL>10TZ1000211</EFDSERIAL><REGISTRATIONDATE>2019-08-27</REGISTRATIONDATE>' +
  '<USER>09VFDWEBAPI-10131758710182590610TZ1000211</USER><SIMIMSI>WEBAPI</SIMIMSI>' +
  '<TOTALS><DAILYTOTALAMOUNT>200.00</DAILYTOTALAMOUNT><GROSS>200.00</GROSS><CORRECTIONS>0.00</CORRECTIONS>' +
  '<DISCOUNTS>0.00</DISCOUNTS><SURCHARGES>0.00</SURCHARGES><TICKETSVOID>0</TICKETSVOID>' +
  '<TICKETSVOIDTOTAL>0.00</TICKETSVOIDTOTAL><TICKETSFISCAL>1</TICKETSFISCAL><TICKETSNONFISCAL>0</TICKETSNONFISCAL></TOTALS>' +
  '<VATTOTALS><VATRATE>A-18.00</VATRATE><NETTAMOUNT>169.49</NETTAMOUNT><TAXAMOUNT>30.51</TAXAMOUNT>' +
  '<VATRATE>B-0.00</VATRATE><NETTAMOUNT>0.00</NETTAMOUNT><TAXAMOUNT>0.00</TAXAMOUNT>' +
  '<VATRATE>C-0.00</VATRATE><NETTAMOUNT>0.00</NETTAMOUNT><TAXAMOUNT>0.00</TAXAMOUNT>' +
  '<VATRATE>D-0.00</VATRATE><NETTAMOUNT>0.00</NETTAMOUNT><TAXAMOUNT>0.00</TAXAMOUNT>' +
  '<VATRATE>E-0.00</VATRATE><NETTAMOUNT>0.00</NETTAMOUNT><TAXAMOUNT>0.00</TAXAMOUNT></VATTOTALS>' +
  '<PAYMENTS><PMTTYPE>CASH</PMTTYPE><PMTAMOUNT>200.00</PMTAMOUNT><PMTTYPE>CHEQUE</PMTTYPE><PMTAMOUNT>0.00</PMTAMOUNT>' +
  '<PMTTYPE>CCARD</PMTTYPE><PMTAMOUNT>0.00</PMTAMOUNT><PMTTYPE>EMONEY</PMTTYPE><PMTAMOUNT>0.00</PMTAMOUNT>' +
  '<PMTTYPE>INVOICE</PMTTYPE><PMTAMOUNT>0.00</PMTAMOUNT></PAYMENTS>' +
  '<CHANGES><VATCHANGENUM>0</VATCHANGENUM><HEADCHANGENUM>0</HEADCHANGENUM></CHANGES><ERRORS></ERRORS>' +
  '<FWVERSION>3.0</FWVERSION><FWCHECKSUM>WEBAPI</FWCHECKSUM></ZREPORT>';

let env: FiscalEnv;
let company: RegisteredCompany;
const certificate = readPfx(
  fixture('reference'),
  FIXTURE_PASSWORD,
  new Date('2019-08-27T00:00:00Z'),
).certificate;

beforeAll(async () => {
  env = await createFiscalEnv({ clock: new ManualClock('2019-08-27T08:30:00+03:00') });
  company = await env.company({
    serial: '10TZ1000211',
    tin: '222222286',
    name: 'DUKA LA MAMA LTD',
    address: 'PLOT 12, SAMORA AVENUE',
    mobile: '255712345678',
    vrn: '10017937K',
    regId: 'TZ0100089',
    uin: '09VFDWEBAPI-10131758710182590610TZ1000211',
    receiptCode: 'MFT7AB',
    gcStart: 380,
    pfx: fixture('reference'),
  });
});
afterAll(async () => {
  await env.close();
});

describe('the reference receipt', () => {
  it('is written byte for byte as TRA specifies, signed with the certificate, and accepted', async () => {
    env.clock.set('2019-08-27T08:36:02+03:00');
    const receipt = await env.fiscalize(
      invoiceFor(company.id, {
        customer: {
          name: 'Duka la Mama & Watoto',
          idType: 'TAX_IDENTIFICATION_NUMBER',
          idNumber: '111111111',
          mobile: '712000000',
        },
        lines: [{ itemId: '101', description: 'Item desc', price: 20_000 }],
      }),
    );
    expect(receipt).toMatchObject({ gc: 380, receiptNumber: 380, dc: 1, rctvnum: 'MFT7AB380' });
    expect(receipt.verificationUrl).toBe(`${env.simUrl}/verify/MFT7AB380_083602`);

    const [row] = await env.deps.db
      .select({ body: traOutbox.body })
      .from(traOutbox)
      .where(eq(traOutbox.companyId, company.id));
    const body = row!.body;
    expect(body).toBe(golden('reference-receipt.xml'));
    const parts = splitSigned(body, 'RCT')!;
    expect(parts.signedPart).toBe(REFERENCE_RCT);
    expect(body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><EFDMS>${REFERENCE_RCT}<EFDMSSIGNATURE>${parts.signature}</EFDMSSIGNATURE></EFDMS>`,
    );
    const verified = crypto.verify(
      'RSA-SHA1',
      Buffer.from(REFERENCE_RCT, 'utf8'),
      certificate.publicKey,
      Buffer.from(parts.signature, 'base64'),
    );
    expect(verified).toBe(true);

    await env.drain(env.worker(), company.id);
    const ledger = await env.sim.ledger(company.serial);
    expect(ledger).toMatchObject([{ gc: 380, rctvnum: 'MFT7AB380', ackCode: 0, posts: 1 }]);
    expect(ledger[0]!.body).toBe(REFERENCE_RCT);
  });

  it('has a Z report for its day, byte for byte, accepted by the simulator', async () => {
    env.clock.set('2019-08-28T00:05:00+03:00');
    const report = await createZReport(env.deps, company.id, '2019-08-27');
    expect(report).toMatchObject({ tickets: 1, dailyTotalCents: 20_000, grossCents: 20_000 });
    const [row] = await env.deps.db
      .select({ body: traOutbox.body })
      .from(traOutbox)
      .where(eq(traOutbox.id, report.outboxId));
    expect(row!.body).toBe(golden('reference-zreport.xml'));
    const parts = splitSigned(row!.body, 'ZREPORT')!;
    expect(parts.signedPart).toBe(REFERENCE_ZREPORT);
    expect(
      crypto.verify(
        'RSA-SHA1',
        Buffer.from(REFERENCE_ZREPORT, 'utf8'),
        certificate.publicKey,
        Buffer.from(parts.signature, 'base64'),
      ),
    ).toBe(true);

    await env.drain(env.worker(), company.id);
    expect(await env.sim.zLedger(company.serial)).toMatchObject([
      { znumber: '20190827', ackCode: 0, posts: 1 },
    ]);
  });
});

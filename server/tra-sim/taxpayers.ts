// The simulator's side of issuing a VFD: TRA knows a taxpayer, a serial and the certificate
// it issued before the taxpayer's system ever registers. Enrolling an existing serial again
// renews its certificate and keeps its registration and counters.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { traSimTaxpayers } from '../db/schema';
import { issueCertificate, type IssuedCertificate } from './issue';

export interface TaxpayerInput {
  /** The VFD serial (CERTKEY); one is made up when omitted. */
  serial?: string;
  tin: string;
  vrn?: string | null;
  name: string;
  mobile: string;
  address: string;
  street?: string;
  city?: string;
  country?: string;
  region?: string;
  taxOffice?: string;
  /** The GC the VFD starts from (TRA's registration answer). */
  gcStart?: number;
  /** The certificate TRA issued; a new one (with its PFX) is made when omitted. */
  certPem?: string;
  /** Fixed identifiers (reference receipts in tests); made up when omitted. */
  regId?: string;
  uin?: string;
  receiptCode?: string;
}

export interface EnrolledTaxpayer {
  serial: string;
  receiptCode: string;
  /** Present when the simulator made the certificate: the PFX to hand to the taxpayer. */
  issued?: IssuedCertificate;
}

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');

function receiptCodeCandidate(): string {
  return crypto.randomBytes(3).toString('hex').toUpperCase();
}

export async function enrolTaxpayer(
  db: DbOrTx,
  input: TaxpayerInput,
  now: Date,
): Promise<EnrolledTaxpayer> {
  const serial = (input.serial ?? `10TZ1${digits(5)}`).toUpperCase();
  const issued = input.certPem
    ? undefined
    : issueCertificate({
        commonName: serial,
        notBefore: new Date(now.getTime() - 86_400_000),
        notAfter: new Date(now.getTime() + 2 * 365 * 86_400_000),
      });
  const certPem = input.certPem ?? issued!.certPem;
  // Keyed without leading zeros, as the simulator reads Cert-Serial.
  const certSerial =
    new crypto.X509Certificate(certPem).serialNumber.toLowerCase().replace(/^0+/, '') || '0';
  const details = {
    tin: input.tin,
    vrn: input.vrn ?? null,
    name: input.name,
    mobile: input.mobile,
    address: input.address,
    street: input.street ?? input.address,
    city: input.city ?? 'DAR ES SALAAM',
    country: input.country ?? 'TANZANIA',
    region: input.region ?? 'DAR ES SALAAM',
    taxOffice: input.taxOffice ?? 'Tax Office Ilala',
    certPem,
    certSerial,
  };
  const [holder] = await db
    .select({ serial: traSimTaxpayers.serial })
    .from(traSimTaxpayers)
    .where(eq(traSimTaxpayers.certSerial, certSerial));
  if (holder && holder.serial !== serial) {
    throw new Error(`This certificate was issued to VFD ${holder.serial} already`);
  }
  const [existing] = await db
    .select({
      receiptCode: traSimTaxpayers.receiptCode,
      certPem: traSimTaxpayers.certPem,
      previousCertPems: traSimTaxpayers.previousCertPems,
    })
    .from(traSimTaxpayers)
    .where(eq(traSimTaxpayers.serial, serial));
  if (existing) {
    // A renewed certificate: receipts the old one signed (still queued somewhere) stay valid.
    const previousCertPems =
      existing.certPem === certPem
        ? existing.previousCertPems
        : [...existing.previousCertPems, existing.certPem];
    await db
      .update(traSimTaxpayers)
      .set({ ...details, previousCertPems })
      .where(eq(traSimTaxpayers.serial, serial));
    return { serial, receiptCode: existing.receiptCode, ...(issued ? { issued } : {}) };
  }
  for (let attempt = 0; ; attempt++) {
    const receiptCode = input.receiptCode ?? receiptCodeCandidate();
    const inserted = await db
      .insert(traSimTaxpayers)
      .values({
        serial,
        ...details,
        regId: input.regId ?? `TZ01${digits(8)}`,
        uin: input.uin ?? `09VFDWEBAPI-${input.tin}${digits(9)}${serial}`,
        receiptCode,
        gcStart: Math.max(1, input.gcStart ?? 1),
        username: `vfd${digits(8)}`,
        password: crypto.randomBytes(12).toString('base64url'),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ serial: traSimTaxpayers.serial });
    if (inserted.length === 1) return { serial, receiptCode, ...(issued ? { issued } : {}) };
    if (input.receiptCode || attempt > 20) throw new Error('The receipt code is taken');
  }
}

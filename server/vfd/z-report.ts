// Daily Z reports. A day's report is made once the day is over (EAT), under the same counter
// lock as receipts, so no receipt of that day can still be in flight; its totals come from the
// stored receipts of the day and GROSS from every receipt since the first. It joins the same
// ordered queue as receipts.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import { eatDate, eatDayStart, eatTime, nextEatDay } from '../../domain/dates';
import { cents, ZERO, type Cents } from '../../domain/money';
import { TRA_Z_PAYMENT_TYPES, TRA_Z_VAT_RATES } from '../../domain/tra';
import type { Deps } from '../context';
import { fiscalReceipts, traOutbox, vfdCounters, vfds, zReports } from '../db/schema';
import type { PaymentsJson, VatTotalsJson } from '../db/schema';
import { appError } from '../http/app-error';
import { signingKey } from './device';
import { signedDocument, zReportXml, type TaxGroup } from './xml';

export type ZReportRow = typeof zReports.$inferSelect;

export function previousEatDay(day: string): string {
  return eatDate(eatDayStart(day).getTime() - 12 * 3_600_000);
}

/**
 * Makes the Z report of `date` for a company, or returns the one already made. The day must be
 * over and the VFD registered on or before it.
 */
export async function createZReport(
  deps: Deps,
  companyId: string,
  date: string,
): Promise<ZReportRow> {
  const now = deps.clock.now();
  const today = eatDate(now);
  return deps.db.transaction(async (tx) => {
    const [counter] = await tx
      .select()
      .from(vfdCounters)
      .where(eq(vfdCounters.companyId, companyId))
      .for('update');
    const [vfd] = await tx.select().from(vfds).where(eq(vfds.companyId, companyId));
    if (!counter || !vfd) throw appError(409, 'vfd_not_registered');
    const [existing] = await tx
      .select()
      .from(zReports)
      .where(and(eq(zReports.companyId, companyId), eq(zReports.date, date)));
    if (existing) return existing;
    if (date >= today || date < eatDate(vfd.registeredAt)) {
      throw appError(422, 'z_report_date_invalid', {
        fields: { date: errorMessages.z_report_date_invalid.id },
      });
    }

    const receipts = await tx
      .select({
        totalIncl: fiscalReceipts.totalInclCents,
        discount: fiscalReceipts.discountCents,
        vatTotals: fiscalReceipts.vatTotals,
        payments: fiscalReceipts.payments,
      })
      .from(fiscalReceipts)
      .where(and(eq(fiscalReceipts.companyId, companyId), eq(fiscalReceipts.date, date)));
    const [grossRow] = await tx
      .select({ gross: sql<string | null>`sum(${fiscalReceipts.totalInclCents})` })
      .from(fiscalReceipts)
      .where(and(eq(fiscalReceipts.companyId, companyId), lte(fiscalReceipts.date, date)));

    let daily = 0;
    let discounts = 0;
    const vat: Record<TaxGroup, { net: number; tax: number }> = {
      A: { net: 0, tax: 0 },
      B: { net: 0, tax: 0 },
      C: { net: 0, tax: 0 },
      D: { net: 0, tax: 0 },
      E: { net: 0, tax: 0 },
    };
    const payments: Record<string, number> = {};
    for (const receipt of receipts) {
      daily += receipt.totalIncl;
      discounts += receipt.discount;
      for (const [group, totals] of Object.entries(receipt.vatTotals)) {
        vat[group as TaxGroup].net += totals.net;
        vat[group as TaxGroup].tax += totals.tax;
      }
      for (const [type, amount] of Object.entries(receipt.payments)) {
        payments[type] = (payments[type] ?? 0) + amount;
      }
    }
    const gross = cents(Number(grossRow?.gross ?? 0));
    const registration = vfd.registration;
    const stamp = { date: eatDate(now), time: eatTime(now) };
    const signedPart = zReportXml({
      ...stamp,
      headerLines: [
        registration.NAME ?? '',
        registration.ADDRESS || registration.STREET || '',
        `MOBILE: ${registration.MOBILE ?? ''}`,
        `${registration.CITY ?? ''},${registration.COUNTRY ?? ''}`,
      ],
      vrn: registration.VRN || 'NOT REGISTERED',
      tin: registration.TIN || '',
      taxOffice: registration.TAXOFFICE ?? '',
      regId: vfd.regId,
      znumber: date.replace(/-/g, ''),
      efdSerial: vfd.serial,
      registrationDate: eatDate(vfd.registeredAt),
      uin: vfd.uin,
      dailyTotalCents: cents(daily),
      grossCents: gross,
      discountsCents: cents(discounts),
      ticketsFiscal: receipts.length,
      vatTotals: TRA_Z_VAT_RATES.map((label) => {
        const group = label.slice(0, 1) as TaxGroup;
        return { label, netCents: cents(vat[group].net), taxCents: cents(vat[group].tax) };
      }),
      payments: TRA_Z_PAYMENT_TYPES.map((type) => ({
        type,
        cents: payments[type] ? cents(payments[type]) : (ZERO as Cents),
      })),
    });
    const key = await signingKey(deps, tx, companyId, vfd.certificateId);
    const body = signedDocument(signedPart, key);
    const [outbox] = await tx
      .insert(traOutbox)
      .values({
        companyId,
        seq: counter.nextSeq,
        kind: 'zreport',
        body,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: traOutbox.id });
    const vatJson: VatTotalsJson = {};
    for (const [group, totals] of Object.entries(vat)) {
      if (totals.net || totals.tax) vatJson[group as TaxGroup] = totals;
    }
    const [row] = await tx
      .insert(zReports)
      .values({
        companyId,
        outboxId: outbox!.id,
        date,
        tickets: receipts.length,
        dailyTotalCents: daily,
        grossCents: gross,
        discountsCents: discounts,
        vatTotals: vatJson,
        payments: payments as PaymentsJson,
        createdAt: now,
      })
      .returning();
    await tx
      .update(vfdCounters)
      .set({
        nextSeq: counter.nextSeq + 1,
        zReportedThrough:
          counter.zReportedThrough && counter.zReportedThrough > date
            ? counter.zReportedThrough
            : date,
      })
      .where(eq(vfdCounters.companyId, companyId));
    return row!;
  });
}

/** How many past days a catch-up makes reports for, when the server was off for a while. */
const CATCH_UP_DAYS = 31;

/**
 * Makes every missing Z report from the VFD's registration day (at most a month back) to
 * yesterday, oldest first. Safe to run from several processes at once.
 */
export async function makeDueZReports(deps: Deps, companyId?: string): Promise<number> {
  const now = deps.clock.now();
  const yesterday = previousEatDay(eatDate(now));
  let oldest = yesterday;
  for (let i = 1; i < CATCH_UP_DAYS; i++) oldest = previousEatDay(oldest);
  const devices = await deps.db
    .select({ companyId: vfds.companyId, registeredAt: vfds.registeredAt })
    .from(vfds)
    .where(companyId ? eq(vfds.companyId, companyId) : undefined);
  let made = 0;
  for (const device of devices) {
    const registeredDay = eatDate(device.registeredAt);
    const first = registeredDay > oldest ? registeredDay : oldest;
    if (first > yesterday) continue;
    const done = await deps.db
      .select({ date: zReports.date })
      .from(zReports)
      .where(
        and(
          eq(zReports.companyId, device.companyId),
          gte(zReports.date, first),
          lte(zReports.date, yesterday),
        ),
      )
      .orderBy(asc(zReports.date));
    const have = new Set(done.map((d) => d.date));
    for (let day = first; day <= yesterday; day = nextEatDay(day)) {
      if (have.has(day)) continue;
      await createZReport(deps, device.companyId, day);
      made++;
    }
  }
  return made;
}

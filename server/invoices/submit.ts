// Submitting a draft: in one transaction it is checked, numbered, signed and queued for TRA by
// the VFD (server/vfd/fiscalize.ts) and becomes submitted. Either the invoice, its receipt and
// the queued document all commit, or none does: a number is never lost nor given twice.
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { checkPayments } from '../../domain/payments';
import { quantity } from '../../domain/quantity';
import { invoiceFieldsSchema, invoiceTotals } from '../../domain/schemas/invoice';
import { auditLog, companies, invoices, vfds } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import { issuesToFields } from '../http/validate';
import { reserveChangeSeq } from '../sync/changes';
import { fiscalizeInvoice, type FiscalInvoice, type FiscalReceipt } from '../vfd/fiscalize';
import { findInvoice, fromJoined, toInvoice, type ApiInvoice, type InvoiceRow } from './records';
import {
  invoiceNotFound,
  operatorName,
  savedProductIds,
  computedColumns,
  type InvoiceContext,
} from './service';

/**
 * Fiscalizes the company's draft `id` and answers it with its receipt number, verification code
 * and URL. Submitting an invoice that is already submitted answers it again unchanged (one
 * receipt, whatever the number of calls or their Idempotency-Keys).
 */
export async function submitInvoice(ctx: InvoiceContext, id: string): Promise<ApiInvoice> {
  const { deps, companyId, userId, deviceId } = ctx;
  return deps.db.transaction(async (tx) => {
    // Lock order in every transaction that touches them: change position, invoice, VFD counters.
    const seq = await reserveChangeSeq(tx, companyId);
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
      .for('update');
    if (!row) throw invoiceNotFound();
    if (row.status === 'submitted' || row.status === 'issued') {
      return fromJoined((await findInvoice(tx, companyId, id))!);
    }
    if (row.status === 'canceled') throw appError(409, 'invoice_canceled');

    const [company] = await tx
      .select({ blocked: companies.blockedByTra, vfdStatus: vfds.status })
      .from(companies)
      .leftJoin(vfds, eq(vfds.companyId, companies.id))
      .where(eq(companies.id, companyId));
    if (company?.blocked) throw appError(403, 'company_blocked');
    if (company?.vfdStatus !== 'registered') throw appError(409, 'vfd_not_ready');

    // The draft was valid when saved; the rules are checked again as they are now.
    const parsed = v.safeParse(invoiceFieldsSchema, {
      customerId: row.customerId,
      customer: row.customer,
      amountsIncludeTax: row.amountsIncludeTax,
      items: row.items,
      payments: row.payments,
      reference: row.reference,
      accountingNumber: row.accountingNumber,
      origin: row.origin,
      correctsInvoiceId: row.correctsInvoiceId,
    });
    if (!parsed.success) {
      const fields = issuesToFields(parsed.issues);
      throw fields.payments
        ? new AppError(422, 'validation_failed', errorMessages.validation_failed, { fields })
        : appError(422, 'invoice_missing_data', { fields });
    }
    const fields = parsed.output;
    const saved = await savedProductIds(tx, companyId, fields);
    const unsaved = fields.items.flatMap((item, index) =>
      item.productId && !saved.has(item.productId) ? [`items.${index}.productId`] : [],
    );
    if (unsaved.length) {
      throw appError(422, 'product_not_saved', {
        fields: Object.fromEntries(unsaved.map((f) => [f, errorMessages.product_not_saved.id])),
      });
    }
    const totals = invoiceTotals(fields);
    const paymentsProblem = checkPayments(fields.payments, totals.totalInvoice);
    if (paymentsProblem) {
      throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
        fields: { payments: paymentsProblem.id },
      });
    }

    const input: FiscalInvoice = {
      invoiceId: id,
      companyId,
      customer: {
        name: fields.customer.name,
        idType: fields.customer.identificationType,
        idNumber: fields.customer.identificationNumber,
        mobile: fields.customer.phoneNumber,
      },
      lines: fields.items.map((item, index) => ({
        description: item.description,
        quantity: quantity(item.quantity),
        taxType: item.taxType,
        ...totals.lines[index]!,
      })),
      totals,
      payments: fields.payments,
    };
    let receipt: FiscalReceipt;
    try {
      receipt = await fiscalizeInvoice(deps, tx, input);
    } catch (error) {
      if (error instanceof AppError && error.code === 'vfd_not_registered') {
        throw appError(409, 'vfd_not_ready');
      }
      throw error;
    }

    const now = deps.clock.now();
    const [submitted] = (await tx
      .update(invoices)
      .set({
        ...computedColumns(fields),
        status: 'submitted',
        date: receipt.date,
        receiptNumber: receipt.receiptNumber,
        verificationCode: receipt.rctvnum,
        submittedAt: now,
        operatorId: userId,
        operatorName: await operatorName(tx, userId),
        lastDeviceId: deviceId ?? row.lastDeviceId,
        version: row.version + 1,
        seq,
        updatedAt: now,
      })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
      .returning()) as [InvoiceRow];
    await tx.insert(auditLog).values({
      companyId,
      userId,
      action: 'invoice_submitted',
      entity: 'invoice',
      entityId: id,
      data: {
        version: submitted.version,
        receiptNumber: receipt.receiptNumber,
        verificationCode: receipt.rctvnum,
        deviceId,
      },
      createdAt: now,
    });
    return toInvoice(submitted, receipt);
  });
}

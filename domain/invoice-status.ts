// Invoice statuses and what may happen in each (spec §4, DESIGN.md "Sync rules"). Once submitted,
// an invoice carries fiscal numbers TRA will see, so it never changes again: a mistake on an
// issued invoice is fixed by a correcting invoice, a new draft that refers to it.
import type { Message } from './i18n';

export const INVOICE_STATUSES = ['draft', 'submitted', 'issued', 'canceled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceStatusLabels: Record<InvoiceStatus, Message> = {
  draft: /*i18n*/ { id: 'Draft' },
  submitted: /*i18n*/ { id: 'Submitted' },
  issued: /*i18n*/ { id: 'Issued' },
  canceled: /*i18n*/ { id: 'Canceled' },
};

/**
 * What a user or TRA does to an invoice:
 * - submit: the operator sends a draft for fiscalization (it is numbered and signed);
 * - issue: TRA acknowledged the receipt (ACKCODE 0);
 * - cancel: the operator drops a draft that was never submitted.
 */
export const INVOICE_ACTIONS = ['submit', 'issue', 'cancel'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

const TRANSITIONS: Record<InvoiceStatus, Partial<Record<InvoiceAction, InvoiceStatus>>> = {
  draft: { submit: 'submitted', cancel: 'canceled' },
  submitted: { issue: 'issued' },
  issued: {},
  canceled: {},
};

/** The status after `action`, or null when the action is not allowed in `status`. */
export function invoiceTransition(
  status: InvoiceStatus,
  action: InvoiceAction,
): InvoiceStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

export function allowedInvoiceActions(status: InvoiceStatus): InvoiceAction[] {
  return INVOICE_ACTIONS.filter((action) => TRANSITIONS[status][action] !== undefined);
}

/** Only a draft can be edited or saved again; every other status is immutable. */
export function canEditInvoice(status: InvoiceStatus): boolean {
  return status === 'draft';
}

/** A correction is a new draft referring to an issued invoice; nothing else can be corrected. */
export function canCorrectInvoice(status: InvoiceStatus): boolean {
  return status === 'issued';
}

/** The start of a correcting invoice: a new draft that names the issued invoice it corrects. */
export function startCorrection(invoice: { id: string; status: InvoiceStatus }): {
  status: 'draft';
  correctsInvoiceId: string;
} {
  if (!canCorrectInvoice(invoice.status)) {
    throw new RangeError(`Only an issued invoice can be corrected, not a ${invoice.status} one`);
  }
  return { status: 'draft', correctsInvoiceId: invoice.id };
}

/**
 * A fiscal receipt exists from submission on (the server numbered and signed it), so the invoice
 * can be emailed or printed as a receipt; a draft prints only as a pro forma.
 */
export function hasFiscalReceipt(status: InvoiceStatus): boolean {
  return status === 'submitted' || status === 'issued';
}

/** Where an invoice was created (spec §3 origin). */
export const INVOICE_ORIGINS = ['web', 'ussd', 'api', 'xero', 'quickbooks'] as const;
export type InvoiceOrigin = (typeof INVOICE_ORIGINS)[number];

export const invoiceOriginLabels: Record<InvoiceOrigin, Message> = {
  web: /*i18n*/ { id: 'Risiti app' },
  ussd: /*i18n*/ { id: 'USSD' },
  api: /*i18n*/ { id: 'API' },
  xero: /*i18n*/ { id: 'Xero' },
  quickbooks: /*i18n*/ { id: 'QuickBooks' },
};

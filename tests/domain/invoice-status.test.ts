import { describe, expect, it } from 'vitest';
import {
  allowedInvoiceActions,
  canCorrectInvoice,
  canEditInvoice,
  hasFiscalReceipt,
  INVOICE_ACTIONS,
  INVOICE_ORIGINS,
  INVOICE_STATUSES,
  invoiceOriginLabels,
  invoiceTransition,
  startCorrection,
} from '../../domain/invoice-status';

describe('invoice statuses (spec §4)', () => {
  it('moves draft → submitted → issued, and a draft may be canceled; nothing else', () => {
    const moves = INVOICE_STATUSES.flatMap((status) =>
      INVOICE_ACTIONS.flatMap((action) => {
        const next = invoiceTransition(status, action);
        return next ? [`${status} -${action}→ ${next}`] : [];
      }),
    );
    expect(moves).toEqual([
      'draft -submit→ submitted',
      'draft -cancel→ canceled',
      'submitted -issue→ issued',
    ]);
  });

  it('never changes a submitted, issued or canceled invoice', () => {
    expect(INVOICE_STATUSES.filter(canEditInvoice)).toEqual(['draft']);
    expect(allowedInvoiceActions('issued')).toEqual([]);
    expect(allowedInvoiceActions('canceled')).toEqual([]);
    expect(invoiceTransition('submitted', 'cancel')).toBeNull();
    expect(invoiceTransition('issued', 'submit')).toBeNull();
  });

  it('corrects an issued invoice with a new draft that refers to it', () => {
    expect(INVOICE_STATUSES.filter(canCorrectInvoice)).toEqual(['issued']);
    const issued = { id: '5f0c2a1e-7c1b-4c4e-8a0e-3b9d2f6e4a11', status: 'issued' as const };
    expect(startCorrection(issued)).toEqual({ status: 'draft', correctsInvoiceId: issued.id });
    expect(() => startCorrection({ ...issued, status: 'draft' })).toThrow(RangeError);
    expect(() => startCorrection({ ...issued, status: 'submitted' })).toThrow(RangeError);
  });

  it('has a fiscal receipt from submission on', () => {
    expect(INVOICE_STATUSES.filter(hasFiscalReceipt)).toEqual(['submitted', 'issued']);
  });

  it('records where the invoice came from', () => {
    expect(INVOICE_ORIGINS).toEqual(['web', 'ussd', 'api', 'xero', 'quickbooks']);
    expect(Object.keys(invoiceOriginLabels)).toEqual([...INVOICE_ORIGINS]);
  });
});

// Where an invoice stands, as the user needs to know it: more than its status, because a
// submitted invoice may still be on this phone (waiting for a connection), numbered by the
// server and waiting for TRA, or refused by TRA.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { invoiceStatusLabels } from '../../../domain/invoice-status';
import type { LocalInvoice } from '../../db/db';

export type InvoiceState =
  | 'draft'
  /** A draft the server refused (a save or a submit): it needs the user. */
  | 'refused'
  /** Submitted on this phone; the server has not numbered it yet and cannot be reached. */
  | 'waiting'
  /** Submitted on this phone and being sent now. */
  | 'sending'
  /** Numbered and signed by the server: a legal receipt, not yet acknowledged by TRA. */
  | 'numbered'
  /** TRA refused the receipt. */
  | 'rejected'
  | 'issued'
  | 'canceled';

export function invoiceState(
  invoice: Pick<LocalInvoice, 'status' | 'fiscal' | 'syncState'>,
  online: boolean,
): InvoiceState {
  switch (invoice.status) {
    case 'draft':
      return invoice.syncState === 'failed' ? 'refused' : 'draft';
    case 'canceled':
      return 'canceled';
    case 'issued':
      return 'issued';
    case 'submitted':
      if (!invoice.fiscal) return online ? 'sending' : 'waiting';
      return invoice.fiscal.traStatus === 'rejected' ? 'rejected' : 'numbered';
  }
}

export const invoiceStateLabels: Record<InvoiceState, MessageDescriptor> = {
  draft: invoiceStatusLabels.draft,
  refused: msg`Not accepted`,
  waiting: msg`Waiting for connection`,
  sending: msg`Sending`,
  numbered: msg`Waiting for TRA`,
  rejected: msg`Rejected by TRA`,
  issued: invoiceStatusLabels.issued,
  canceled: invoiceStatusLabels.canceled,
};

export const invoiceStateColors: Record<InvoiceState, string> = {
  draft: 'gray',
  refused: 'red',
  waiting: 'orange',
  sending: 'blue',
  numbered: 'yellow',
  rejected: 'red',
  issued: 'risiti',
  canceled: 'dark',
};

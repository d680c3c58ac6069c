import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutboxEntry, RecordSyncState, SyncedEntity } from '../../db/db';

export const entityLabels: Record<SyncedEntity, MessageDescriptor> = {
  customer: msg`Customer`,
  product: msg`Product or service`,
  invoice: msg`Invoice`,
  expense: msg`Expense`,
  expense_attachment: msg`Expense file`,
  vendor: msg`Vendor`,
  expense_category: msg`Expense category`,
};

export const recordSyncLabels: Record<RecordSyncState, MessageDescriptor> = {
  synced: msg`Synced`,
  pending: msg`Waiting to sync`,
  failed: msg`Refused by the server`,
};

/** What a queued call will do, as the sync panel lists it under its record. */
export const outboxActionLabels: Record<OutboxEntry['action'], MessageDescriptor> = {
  save: msg`to save`,
  delete: msg`to delete`,
  submit: msg`to submit to TRA`,
  cancel: msg`to cancel`,
  email: msg`to email`,
  lookup: msg`to read from TRA`,
  status: msg`status to change`,
  upload: msg`file to upload`,
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RecordSyncState, SyncedEntity } from '../../db/db';

export const entityLabels: Record<SyncedEntity, MessageDescriptor> = {
  customer: msg`Customer`,
  product: msg`Product or service`,
  invoice: msg`Invoice`,
};

export const recordSyncLabels: Record<RecordSyncState, MessageDescriptor> = {
  synced: msg`Synced`,
  pending: msg`Waiting to sync`,
  failed: msg`Refused by the server`,
};

// What every synced business record shares (DESIGN.md "Sync rules"): a client-generated UUID,
// a version the server raises with every accepted change, and its times.
import * as v from 'valibot';
import { m } from '../messages';

export const uuidSchema = v.pipe(v.string(m.fieldInvalid.id), v.uuid(m.fieldInvalid.id));

export interface SyncedRecord {
  id: string;
  /** 1 when created; +1 for every change the server accepts. */
  version: number;
  /** ISO 8601 instants set by the server. */
  createdAt: string;
  updatedAt: string;
}

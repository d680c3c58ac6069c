import * as v from 'valibot';
import { IDENTIFICATION_TYPES } from '../../../../../domain/schemas/customer';
import { searchText } from '../../../../app/search';

/** The list's address: ?q=juma&type=PASSPORT&sync=failed. Unusable values are dropped. */
export const customerListSearch = v.object({
  q: searchText,
  type: v.fallback(v.optional(v.picklist(IDENTIFICATION_TYPES)), undefined),
  sync: v.fallback(v.optional(v.picklist(['synced', 'pending', 'failed'] as const)), undefined),
});
export type CustomerListSearch = v.InferOutput<typeof customerListSearch>;

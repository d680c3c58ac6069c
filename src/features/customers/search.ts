import * as v from 'valibot';
import { searchText } from '../../app/search';

/**
 * The list's address: ?q=juma&type=PASSPORT&sync=failed. Unusable values are dropped. `type`
 * is checked here only for its shape: the list of identification types lives with the customer
 * schema, which this file (part of every page's first load) does not import; the list page
 * ignores a type it does not know.
 */
export const customerListSearch = v.object({
  q: searchText,
  type: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Z_]{2,40}$/))), undefined),
  sync: v.fallback(v.optional(v.picklist(['synced', 'pending', 'failed'] as const)), undefined),
});
export type CustomerListSearch = v.InferOutput<typeof customerListSearch>;

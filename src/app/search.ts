// Valibot pieces for URL search params. The router parses query values as JSON, so a value
// that looks like a number arrives as one; anything else unusable is dropped, never an error
// page.
import * as v from 'valibot';

export const searchText = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value): string | undefined => {
      if (typeof value === 'string') return value || undefined;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return undefined;
    }),
  ),
);

/** `?next=` of the login and change-password pages: where to go afterwards. */
export const nextSearch = v.object({ next: searchText });

/** `?verification=` of the recovery pages. */
export const verificationSearch = v.object({ verification: searchText });

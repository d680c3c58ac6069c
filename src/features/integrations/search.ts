// /apps-integration?code=&state=&realmId=&session_state=&scope= : the return from Xero or
// QuickBooks (spec §2). Values that cannot be used are dropped, never an error page.
import * as v from 'valibot';

// The router reads "9130" as a number: a realm id or a code is text whatever it looks like.
const param = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.pipe(v.number(), v.safeInteger())]),
      v.transform(String),
      v.maxLength(2048),
    ),
  ),
  undefined,
);

export const integrationReturnSearch = v.object({
  code: param,
  state: param,
  realmId: param,
  session_state: param,
  scope: param,
});
export type IntegrationReturnSearch = v.InferOutput<typeof integrationReturnSearch>;

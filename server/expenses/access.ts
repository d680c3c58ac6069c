// Who reaches the expense module: the people of a company (its owner and operators), each only
// their own company's expenses, vendors, categories and files. Everyone else gets the spec's
// no-permission error (§6), before any body is read. Bodies are then read with a limit: a file
// route takes one attachment (5 MB, spec §5), every other route a JSON body.
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { attachmentMessages, MAX_ATTACHMENT_BYTES } from '../../domain/attachments';
import { uuidSchema } from '../../domain/schemas/record';
import { requireAuth, requireRole } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { AppError } from '../http/app-error';
import { acceptBody, bodyLimit } from '../http/body';
import { companyContext, type CompanyContext } from '../http/company';
import { idempotency } from '../http/idempotency';

/** Largest JSON body: an expense with 200 long items is about 80 KB. */
export const EXPENSE_JSON_LIMIT = 256 * 1024;

const jsonLimit = bodyLimit(EXPENSE_JSON_LIMIT);

const fileLimit = bodyLimit(
  MAX_ATTACHMENT_BYTES,
  () =>
    new AppError(413, 'attachment_too_large', attachmentMessages.tooLarge, {
      fields: { file: attachmentMessages.tooLarge.id },
    }),
);

/** Authentication, the company roles, a bounded body and Idempotency-Key, in that order. */
export function expenseModule(deps: Deps, isFileUpload: (c: Context) => boolean = () => false) {
  const limit = createMiddleware<AppEnv>(async (c, next) =>
    (isFileUpload(c) ? fileLimit : jsonLimit)(c, next),
  );
  return [
    requireAuth(deps),
    requireRole('company_owner', 'operator'),
    limit,
    idempotency(deps),
    acceptBody(),
  ] as MiddlewareHandler<AppEnv>[];
}

export function moduleContext(c: Context<AppEnv>, deps: Deps): Promise<CompanyContext> {
  return companyContext(c, deps);
}

/** A path id that is not a UUID names nothing: the record's own not-found answer. */
export function pathId(c: Context, name: string, notFound: () => AppError): string {
  const value = c.req.param(name) ?? '';
  if (!v.is(uuidSchema, value)) throw notFound();
  return value.toLowerCase();
}

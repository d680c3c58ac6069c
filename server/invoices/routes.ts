// /v1/accounting/invoices: a company's invoices, from draft to TRA (DESIGN.md "The main job").
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { INVOICE_STATUSES } from '../../domain/invoice-status';
import { m } from '../../domain/messages';
import { isoDate } from '../../domain/schemas/company';
import { invoiceFieldsSchema } from '../../domain/schemas/invoice';
import { uuidSchema } from '../../domain/schemas/record';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { AppError, appError } from '../http/app-error';
import { companyContext } from '../http/company';
import { IDEMPOTENCY_HEADER, idempotency } from '../http/idempotency';
import { jsonBodyLimit, parseWith, readJson } from '../http/validate';
import { renderReceiptPdf, RECEIPT_LAYOUTS } from '../receipts/pdf';
import { receiptBusiness, receiptView } from '../receipts/view';
import { emailInvoice, mailRequestSchema } from './email';
import { findInvoice, receiptOf } from './records';
import {
  cancelInvoice,
  createInvoice,
  getInvoice,
  invoiceNotFound,
  listInvoices,
  saveInvoice,
  type InvoiceContext,
} from './service';
import { submitInvoice } from './submit';
import { openBody } from '../http/body';
import { companyPage } from '../sync/page-cache';

export const DEVICE_HEADER = 'X-Device-Id';
const DEVICE_PATTERN = /^[\x21-\x7e]{1,100}$/;

const fieldError = (field: string, message: { id: string }) =>
  new AppError(422, 'validation_failed', errorMessages.validation_failed, {
    fields: { [field]: message.id },
  });

/** A path id that is not a UUID names no invoice. */
function invoiceId(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!v.is(uuidSchema, id)) throw invoiceNotFound();
  return id.toLowerCase();
}

async function invoiceContext(c: Context<AppEnv>, deps: Deps): Promise<InvoiceContext> {
  const device = c.req.header(DEVICE_HEADER);
  if (device !== undefined && !DEVICE_PATTERN.test(device)) {
    throw fieldError(DEVICE_HEADER, m.fieldInvalid);
  }
  return { ...(await companyContext(c, deps)), deviceId: device ?? null };
}

/** Where customers reach this server, for links in mail. */
export function publicBaseUrl(c: Context, deps: Deps): string {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const url = new URL(c.req.url);
  if (deps.config.trustProxy) {
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    if (host) return `${proto === 'http' ? 'http' : 'https'}://${host}`;
  }
  return url.origin;
}

const listSchema = v.object({
  status: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      v.array(v.picklist(INVOICE_STATUSES, m.fieldInvalid.id)),
    ),
  ),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  q: v.optional(v.pipe(v.string(), v.maxLength(100, m.fieldInvalid.id))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, m.fieldInvalid.id),
      v.transform(Number),
      v.minValue(1, m.fieldInvalid.id),
      v.maxValue(500, m.fieldInvalid.id),
    ),
    '50',
  ),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200, m.fieldInvalid.id))),
});

const saveSchema = v.object({
  version: v.optional(
    v.pipe(v.number(m.fieldInvalid.id), v.safeInteger(m.fieldInvalid.id), v.minValue(1)),
  ),
});

const pdfSchema = v.object({
  layout: v.optional(v.picklist(RECEIPT_LAYOUTS, m.fieldInvalid.id), 'a4'),
});

/** The body of a call whose body may be left out. */
async function optionalJson(c: Context): Promise<unknown> {
  await openBody(c);
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw appError(400, 'bad_request');
  }
}

export function invoiceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use('*', jsonBodyLimit(), requireAuth(deps), idempotency(deps));

  app.get('/', async (c) => {
    const ctx = await companyContext(c, deps);
    const query = parseWith(listSchema, c.req.query());
    const page = await companyPage(
      deps.db,
      ctx.companyId,
      `invoices ${JSON.stringify(query)}`,
      () => listInvoices(deps.db, ctx.companyId, query),
    );
    return c.body(page, 200, { 'Content-Type': 'application/json' });
  });

  app.post('/', async (c) => {
    const ctx = await invoiceContext(c, deps);
    const body = await readJson(c);
    const { id } = parseWith(v.object({ id: v.optional(uuidSchema) }), body);
    const fields = parseWith(invoiceFieldsSchema, body);
    const result = await createInvoice(ctx, id?.toLowerCase() ?? crypto.randomUUID(), fields);
    return c.json(result.invoice, result.created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const ctx = await companyContext(c, deps);
    return c.json(await getInvoice(deps.db, ctx.companyId, invoiceId(c)));
  });

  app.put('/:id', async (c) => {
    const ctx = await invoiceContext(c, deps);
    const id = invoiceId(c);
    const body = await readJson(c);
    const { version } = parseWith(saveSchema, body);
    const fields = parseWith(invoiceFieldsSchema, body);
    const result = await saveInvoice(ctx, id, fields, version ?? null);
    return c.json(result.invoice, result.created ? 201 : 200);
  });

  app.post('/:id/submit', async (c) => {
    // Submitting cannot be undone, so a retry must never be a second submission.
    if (c.req.header(IDEMPOTENCY_HEADER) === undefined) {
      throw appError(422, 'idempotency_key_invalid', {
        fields: { [IDEMPOTENCY_HEADER]: errorMessages.idempotency_key_invalid.id },
      });
    }
    const ctx = await invoiceContext(c, deps);
    return c.json(await submitInvoice(ctx, invoiceId(c)));
  });

  app.post('/:id/cancel', async (c) => {
    const ctx = await invoiceContext(c, deps);
    return c.json(await cancelInvoice(ctx, invoiceId(c)));
  });

  app.post('/:id/email', async (c) => {
    const ctx = await invoiceContext(c, deps);
    const id = invoiceId(c);
    const { to } = parseWith(mailRequestSchema, await optionalJson(c));
    const sent = await emailInvoice(ctx, id, to, {
      locale: c.get('locale'),
      baseUrl: publicBaseUrl(c, deps),
    });
    return c.json(sent, 202);
  });

  app.get('/:id/pdf', async (c) => {
    const ctx = await companyContext(c, deps);
    const id = invoiceId(c);
    const { layout } = parseWith(pdfSchema, c.req.query());
    const joined = await findInvoice(deps.db, ctx.companyId, id);
    if (!joined) throw invoiceNotFound();
    const view = receiptView(
      joined.invoice,
      await receiptBusiness(deps.db, ctx.companyId),
      receiptOf(joined),
    );
    const pdf = await renderReceiptPdf(view, {
      layout,
      locale: c.get('locale'),
      now: deps.clock.now(),
    });
    const name = view.fiscal ? `receipt-${view.fiscal.receiptNumber}` : `pro-forma-${view.date}`;
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${name}-${layout}.pdf"`,
      'Cache-Control': 'private, no-cache',
    });
  });

  return app;
}

// /v1/accounting/public/receipts/{publicId}: a receipt as its customer may see it, without
// signing in (the page /r/{publicId} and its PDF). Only submitted and issued invoices exist
// here; a draft or a canceled invoice is not a receipt and answers 404 like an unknown id.
// Requests are counted per address, since the ids are the only secret.
import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { isLocale } from '../../domain/i18n';
import { m } from '../../domain/messages';
import { recordAttempt, type Limit } from '../auth/rate-limit';
import type { AppEnv, Deps } from '../context';
import { invoices } from '../db/schema';
import { clientAddress } from '../http/address';
import { appError } from '../http/app-error';
import { parseWith } from '../http/validate';
import { receiptOf, selectInvoices } from '../invoices/records';
import { RECEIPT_LAYOUTS, renderReceiptPdf } from './pdf';
import { receiptBusiness, receiptView, type ReceiptView } from './view';

export const PUBLIC_RECEIPT_LIMIT: Limit = { max: 60, windowMs: 60_000 };
const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;
const RECEIPT_PAGE = /^\/r\/([A-Za-z0-9_-]{22})\/?$/;

/**
 * The `Link` header of the page /r/{publicId}: its receipt, preloaded with the page, so that it
 * is there when the page's scripts ask for it rather than a round trip after they have run.
 */
export function receiptPageLinks(address: string): string | undefined {
  const publicId = RECEIPT_PAGE.exec(address)?.[1];
  if (!publicId) return undefined;
  return `</v1/accounting/public/receipts/${publicId}>; rel=preload; as=fetch; crossorigin=anonymous`;
}

const pdfQuery = v.object({
  layout: v.optional(v.picklist(RECEIPT_LAYOUTS, m.fieldInvalid.id), 'a4'),
});

export function publicReceiptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const key = `public-receipt:${clientAddress(c, deps.config.trustProxy)}`;
    const count = await recordAttempt(deps.db, key, PUBLIC_RECEIPT_LIMIT, deps.clock.now());
    if (count > PUBLIC_RECEIPT_LIMIT.max) {
      const seconds = Math.ceil(PUBLIC_RECEIPT_LIMIT.windowMs / 1000);
      throw appError(429, 'rate_limited', {
        values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
        headers: { 'Retry-After': String(seconds) },
      });
    }
    await next();
  });

  async function load(c: Context<AppEnv>): Promise<ReceiptView> {
    const publicId = c.req.param('publicId') ?? '';
    if (!PUBLIC_ID.test(publicId)) throw appError(404, 'not_found');
    const [joined] = await selectInvoices(deps.db).where(
      and(eq(invoices.publicId, publicId), inArray(invoices.status, ['submitted', 'issued'])),
    );
    if (!joined) throw appError(404, 'not_found');
    const business = await receiptBusiness(deps.db, joined.invoice.companyId);
    return receiptView(joined.invoice, business, receiptOf(joined));
  }

  app.get('/:publicId', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await load(c));
  });

  app.get('/:publicId/pdf', async (c) => {
    const { layout } = parseWith(pdfQuery, c.req.query());
    const view = await load(c);
    const lang = c.req.query('lang');
    const pdf = await renderReceiptPdf(view, {
      layout,
      locale: isLocale(lang) ? lang : c.get('locale'),
      now: deps.clock.now(),
    });
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="receipt-${view.fiscal?.receiptNumber ?? view.date}-${layout}.pdf"`,
      'Cache-Control': 'no-cache',
    });
  });

  return app;
}

// /v1/accounting/receipt-copies: find receipts across the companies the user reaches, and give a
// copy: the PDF marked as a copy, or by email with that PDF.
import { Hono } from 'hono';
import * as v from 'valibot';
import { isoDate } from '../../domain/schemas/company';
import { requireAuth, requireRole } from '../auth/middleware';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import { idParam, idQuery } from '../http/id-param';
import { jsonBodyLimit, parseWith, readJson } from '../http/validate';
import { emailInvoice, mailRequestSchema } from '../invoices/email';
import { findInvoice, receiptOf } from '../invoices/records';
import { publicBaseUrl } from '../invoices/routes';
import { renderReceiptPdf, RECEIPT_LAYOUTS } from '../receipts/pdf';
import { receiptBusiness, receiptView } from '../receipts/view';
import { appError } from '../http/app-error';
import { findReceipts, receiptCompany } from './service';

const listQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(100), v.excludes('\u0000'))),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  status: v.optional(v.picklist(['pending', 'accepted', 'rejected'])),
  ...pageQuery,
});

export function receiptCopyRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    requireAuth(deps),
    requireRole('platform_admin', 'org_admin', 'company_owner'),
    jsonBodyLimit(4 * 1024),
  );

  app.get('/', async (c) => {
    const query = parseWith(listQuery, c.req.query());
    return c.json(await findReceipts(deps, c.get('user'), query));
  });

  app.get('/:id/pdf', async (c) => {
    const id = idParam(c);
    const { layout } = parseWith(
      v.object({ layout: v.optional(v.picklist(RECEIPT_LAYOUTS), 'a4') }),
      c.req.query(),
    );
    const companyId = await receiptCompany(deps, c.get('user'), id, idQuery(c, 'companyId'));
    const joined = await findInvoice(deps.db, companyId, id);
    if (!joined) throw appError(404, 'not_found');
    const view = receiptView(
      joined.invoice,
      await receiptBusiness(deps.db, companyId),
      receiptOf(joined),
    );
    const pdf = await renderReceiptPdf(view, {
      layout,
      locale: c.get('locale'),
      now: deps.clock.now(),
      copy: true,
    });
    const number = view.fiscal?.receiptNumber ?? 'copy';
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="receipt-${number}-copy-${layout}.pdf"`,
      'Cache-Control': 'private, no-cache',
    });
  });

  app.post('/:id/email', async (c) => {
    const id = idParam(c);
    const companyId = await receiptCompany(deps, c.get('user'), id, idQuery(c, 'companyId'));
    const { to } = parseWith(mailRequestSchema, (await readJson(c)) ?? {});
    const sent = await emailInvoice(
      { deps, companyId, userId: c.get('user').id, deviceId: null },
      id,
      to,
      {
        locale: c.get('locale'),
        baseUrl: publicBaseUrl(c, deps),
        copy: true,
      },
    );
    return c.json(sent, 202);
  });

  return app;
}

// /v1/accounting/expenses: a company's expenses, their receipt lookups, files and report.
// Routes parse and call one service function; who may call them is decided in access.ts.
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { EXPENSE_STATUSES } from '../../domain/expense';
import { reportFilterSchema } from '../../domain/expense-report';
import { m } from '../../domain/messages';
import {
  categorizationRequestSchema,
  expenseSchema,
  expenseStatusChangeSchema,
  receiptLookupSchema,
} from '../../domain/schemas/expense';
import { isoDate } from '../../domain/schemas/company';
import { uuidSchema } from '../../domain/schemas/record';
import type { AppEnv, Deps } from '../context';
import { expectedVersion, parseWith, readJson } from '../http/validate';
import { versionTag } from '../../domain/sync-batch';
import { periodOf } from '../reports/period';
import { expenseModule, moduleContext, pathId } from './access';
import {
  attachmentNotFound,
  deleteAttachment,
  listAttachments,
  readAttachment,
  storeAttachment,
} from './attachments';
import { suggestExpenseCategory } from './categorize';
import { buildReportDocument, reportFileName } from './report';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx } from './report-xlsx';
import {
  changeExpenseStatus,
  expenseNotFound,
  getExpense,
  listExpenses,
  receiptLookupState,
  requestReceiptLookup,
  saveExpense,
} from './service';

const whole = (max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, m.fieldInvalid.id),
      v.transform(Number),
      v.maxValue(max, m.fieldInvalid.id),
    ),
    String(fallback),
  );

const listSchema = v.object({
  status: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100, m.fieldInvalid.id),
      v.transform((s) =>
        s
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      v.array(v.picklist(EXPENSE_STATUSES, m.fieldInvalid.id)),
    ),
  ),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  categoryId: v.optional(uuidSchema),
  vendorId: v.optional(uuidSchema),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, m.fieldInvalid.id))),
  limit: v.pipe(whole(500, 50), v.minValue(1, m.fieldInvalid.id)),
  offset: whole(1_000_000, 0),
});

const reportSchema = v.object({
  format: v.optional(v.picklist(['json', 'pdf', 'xlsx'] as const, m.fieldInvalid.id), 'json'),
});

const FILE_PATH = /\/attachments\/[^/]+$/;

/** The name a file upload declares (X-File-Name, URI-encoded so any script travels in ASCII). */
function fileName(c: Context): string {
  const raw = c.req.header('x-file-name') ?? '';
  try {
    return [...decodeURIComponent(raw)]
      .map((ch) =>
        ch.charCodeAt(0) < 0x20 || ch === '\x7f' || ch === '/' || ch === '\\' ? '_' : ch,
      )
      .join('')
      .trim();
  } catch {
    return '';
  }
}

/** A download's Content-Disposition: the ASCII name, and the exact one for browsers that read it. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function expenseRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', ...expenseModule(deps, (c) => c.req.method === 'PUT' && FILE_PATH.test(c.req.path)));

  app.get('/', async (c) => {
    const ctx = await moduleContext(c, deps);
    const query = parseWith(listSchema, c.req.query());
    return c.json(await listExpenses(deps.db, ctx.companyId, query));
  });

  app.get('/report', async (c) => {
    const ctx = await moduleContext(c, deps);
    const query = c.req.query();
    // The same period rules as the sales report: at most three years.
    const { range } = periodOf(c, deps.clock);
    const filters = parseWith(reportFilterSchema, query);
    const { format } = parseWith(reportSchema, query);
    const now = deps.clock.now();
    const document = await buildReportDocument(
      deps.db,
      ctx.companyId,
      { ...filters, range },
      c.get('locale'),
      now,
    );
    if (format === 'pdf') {
      return c.body(new Uint8Array(await renderReportPdf(document)), 200, {
        'content-type': 'application/pdf',
        'content-disposition': disposition('attachment', reportFileName(document, 'pdf')),
      });
    }
    if (format === 'xlsx') {
      return c.body(new Uint8Array(await renderReportXlsx(document)), 200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': disposition('attachment', reportFileName(document, 'xlsx')),
      });
    }
    const { report } = document;
    return c.json({
      range: document.filters.range,
      totals: report.totals,
      byCategory: report.byCategory,
      byVendor: report.byVendor,
      byMethod: report.byMethod,
      overTime: report.overTime,
      granularity: report.granularity,
      count: report.rows.length,
    });
  });

  app.post('/categorize', async (c) => {
    const ctx = await moduleContext(c, deps);
    const request = parseWith(categorizationRequestSchema, await readJson(c));
    return c.json(await suggestExpenseCategory(deps.db, ctx.companyId, request));
  });

  app.post('/', async (c) => {
    const ctx = await moduleContext(c, deps);
    const expense = parseWith(expenseSchema, await readJson(c));
    const id = expense.id ?? crypto.randomUUID();
    const result = await saveExpense(ctx, id, expense, 'create');
    return c.json(result.expense, result.created ? 201 : 200);
  });

  app.get('/:id', async (c) => {
    const ctx = await moduleContext(c, deps);
    const record = await getExpense(deps.db, ctx.companyId, pathId(c, 'id', expenseNotFound));
    c.header('ETag', versionTag(record.version));
    return c.json(record);
  });

  app.put('/:id', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    const expected = expectedVersion(c);
    const body = await readJson(c);
    const expense = parseWith(expenseSchema, { ...(body as object), id });
    const result = await saveExpense(ctx, id, expense, 'upsert', expected);
    c.header('ETag', versionTag(result.expense.version));
    return c.json(result.expense, result.created ? 201 : 200);
  });

  app.put('/:id/lookup', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    const lookup = parseWith(receiptLookupSchema, await readJson(c));
    const result = await requestReceiptLookup(ctx, id, lookup);
    return c.json(result.expense, 202);
  });

  app.get('/:id/lookup', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    return c.json(await receiptLookupState(deps.db, ctx.companyId, id));
  });

  app.post('/:id/status', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    const { status } = parseWith(expenseStatusChangeSchema, await readJson(c));
    return c.json(await changeExpenseStatus(ctx, id, status));
  });

  app.get('/:id/attachments', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    await getExpense(deps.db, ctx.companyId, id);
    return c.json({ items: await listAttachments(deps.db, ctx.companyId, id) });
  });

  app.put('/:id/attachments/:attachmentId', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    const attachmentId = pathId(c, 'attachmentId', attachmentNotFound);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const result = await storeAttachment(ctx, id, attachmentId, {
      name: fileName(c),
      type: c.req.header('content-type') ?? '',
      bytes,
    });
    return c.json(result.attachment, result.created ? 201 : 200);
  });

  app.get('/:id/attachments/:attachmentId', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    const attachmentId = pathId(c, 'attachmentId', attachmentNotFound);
    const { attachment, bytes } = await readAttachment(deps, ctx.companyId, id, attachmentId);
    const download = c.req.query('download') === '1';
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': attachment.mime,
      'content-disposition': disposition(download ? 'attachment' : 'inline', attachment.name),
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
      // A file never changes under its id; only the people of the company may cache it.
      'cache-control': 'private, max-age=31536000, immutable',
    });
  });

  app.delete('/:id/attachments/:attachmentId', async (c) => {
    const ctx = await moduleContext(c, deps);
    const id = pathId(c, 'id', expenseNotFound);
    const attachmentId = pathId(c, 'attachmentId', attachmentNotFound);
    await deleteAttachment(ctx, id, attachmentId);
    return c.body(null, 204);
  });

  return app;
}

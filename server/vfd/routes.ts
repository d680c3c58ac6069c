// /v1/accounting: a company's VFD (certificate upload and registration, Cert-Serial override,
// status), its fiscal receipts with their QR codes, its Z reports, and the receipts that wait
// too long for TRA.
import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { recordMessages } from '../../domain/record-messages';
import { certSerialOverrideSchema, isoDate } from '../../domain/schemas/company';
import { requireAuth } from '../auth/middleware';
import { manageableCompany, readableCompany } from '../companies/service';
import { pageQuery } from '../companies/routes';
import type { AppEnv, Deps } from '../context';
import { AppError, appError } from '../http/app-error';
import { idParam } from '../http/id-param';
import { KB, openBody } from '../http/body';
import { parseWith, readJson } from '../http/validate';
import { installCertificate, setCertSerialOverride } from './registration';
import { installSimulatedCertificate } from './simulated';
import {
  listReceipts,
  listZReports,
  reachableCompanyIds,
  receiptAttempts,
  receiptCompanyId,
  receiptDetail,
  vfdSummary,
  zReportById,
} from './views';
import { createZReport } from './z-report';

const MAX_PFX_BYTES = 100 * 1024;

const receiptQuery = v.object({
  status: v.optional(v.picklist(['pending', 'accepted', 'rejected'])),
  overdue: v.optional(
    v.pipe(
      v.picklist(['0', '1', 'true', 'false']),
      v.transform((value) => value === '1' || value === 'true'),
    ),
  ),
  ...pageQuery,
});

const zReportRequest = v.object({ date: isoDate });

function fieldError(field: string, message: { id: string }, status: 413 | 422 = 422): AppError {
  return new AppError(status, 'validation_failed', errorMessages.validation_failed, {
    fields: { [field]: message.id },
  });
}

export function vfdRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const overdueAfterMs = deps.config.traOverdueMs;
  // Per route, not app.use: this app shares /companies/* with server/companies/routes.ts.
  const auth = requireAuth(deps);

  app.get('/companies/:id/vfd', auth, async (c) => {
    const company = await readableCompany(deps.db, c.get('user'), idParam(c));
    return c.json(await vfdSummary(deps, company.id, overdueAfterMs));
  });

  app.put('/companies/:id/certificate', auth, async (c) => {
    const company = await manageableCompany(deps.db, c.get('user'), idParam(c));
    await openBody(c, MAX_PFX_BYTES + 64 * 1024, () =>
      fieldError('file', recordMessages.certificateFileTooLarge, 413),
    );
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw fieldError('file', recordMessages.certificateFileRequired);
    }
    const file = form.file;
    const password = form.password;
    const fields: Record<string, string> = {};
    if (!(file instanceof File) || file.size === 0)
      fields.file = recordMessages.certificateFileRequired.id;
    else if (file.size > MAX_PFX_BYTES) fields.file = recordMessages.certificateFileTooLarge.id;
    if (typeof password !== 'string' || password === '') {
      fields.password = recordMessages.certificatePasswordRequired.id;
    }
    let override: string | null | undefined;
    if (form.certSerial !== undefined) {
      const raw = typeof form.certSerial === 'string' ? form.certSerial.trim() : null;
      if (raw === '') override = null;
      else {
        const parsed = v.safeParse(certSerialOverrideSchema, { certSerial: raw });
        if (parsed.success) override = parsed.output.certSerial;
        else fields.certSerial = recordMessages.certSerialInvalid.id;
      }
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError(422, 'validation_failed', errorMessages.validation_failed, { fields });
    }
    const pfx = Buffer.from(await (file as File).arrayBuffer());
    await installCertificate(
      deps,
      company.id,
      {
        pfx,
        password: password as string,
        ...(override !== undefined ? { certSerialOverride: override } : {}),
      },
      c.get('user').id,
    );
    return c.json(await vfdSummary(deps, company.id, overdueAfterMs));
  });

  app.post('/companies/:id/certificate/simulated', auth, async (c) => {
    const company = await manageableCompany(deps.db, c.get('user'), idParam(c));
    await installSimulatedCertificate(deps, company.id, c.get('user').id);
    return c.json(await vfdSummary(deps, company.id, overdueAfterMs));
  });

  app.put('/companies/:id/vfd/cert-serial', auth, async (c) => {
    const company = await manageableCompany(deps.db, c.get('user'), idParam(c));
    const input = parseWith(certSerialOverrideSchema, await readJson(c, KB));
    await setCertSerialOverride(deps, company.id, input.certSerial || null, c.get('user').id);
    return c.json(await vfdSummary(deps, company.id, overdueAfterMs));
  });

  app.get('/companies/:id/fiscal-receipts', auth, async (c) => {
    const company = await readableCompany(deps.db, c.get('user'), idParam(c));
    const query = parseWith(receiptQuery, c.req.query());
    return c.json(await listReceipts(deps, [company.id], query, overdueAfterMs));
  });

  app.get('/companies/:id/z-reports', auth, async (c) => {
    const company = await readableCompany(deps.db, c.get('user'), idParam(c));
    const page = parseWith(v.object(pageQuery), c.req.query());
    return c.json(await listZReports(deps, company.id, page));
  });

  app.post('/companies/:id/z-reports', auth, async (c) => {
    const user = c.get('user');
    const company = await readableCompany(deps.db, user, idParam(c));
    if (user.role === 'operator') throw appError(403, 'forbidden');
    const input = parseWith(zReportRequest, await readJson(c, KB));
    const report = await createZReport(deps, company.id, input.date);
    return c.json(await zReportById(deps, company.id, report.id), 201);
  });

  /** Receipts TRA has not accepted after the threshold, across the companies the user reaches. */
  app.get('/fiscal-receipts/overdue', auth, async (c) => {
    const user = c.get('user');
    if (user.role === 'operator') throw appError(403, 'forbidden');
    const query = parseWith(v.object(pageQuery), c.req.query());
    const reach = await reachableCompanyIds(deps, user);
    const list = await listReceipts(deps, reach, { ...query, overdue: true }, overdueAfterMs);
    return c.json({ overdueAfterHours: overdueAfterMs / 3_600_000, ...list });
  });

  const readableReceipt = async (c: Context<AppEnv>) => {
    const id = idParam(c);
    await readableCompany(deps.db, c.get('user'), await receiptCompanyId(deps, id));
    return id;
  };

  app.get('/fiscal-receipts/:id', auth, async (c) =>
    c.json(await receiptDetail(deps, await readableReceipt(c))),
  );

  app.get('/fiscal-receipts/:id/attempts', auth, async (c) => {
    const id = await readableReceipt(c);
    if (c.get('user').role === 'operator') throw appError(403, 'forbidden');
    return c.json(await receiptAttempts(deps, id));
  });

  app.get('/fiscal-receipts/:id/qr.png', auth, async (c) => {
    const receipt = await receiptDetail(deps, await readableReceipt(c));
    const png = await QRCode.toBuffer(receipt.verificationUrl, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 256,
    });
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });

  app.get('/fiscal-receipts/:id/qr.svg', auth, async (c) => {
    const receipt = await receiptDetail(deps, await readableReceipt(c));
    const svg = await QRCode.toString(receipt.verificationUrl, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });

  return app;
}

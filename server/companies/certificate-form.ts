// A form that creates a company and carries its certificate (PFX and password) in the same
// request: multipart with the record as JSON in `data`, and optionally `file` and `password`.
// The company is committed first; the certificate is installed after it (registration with TRA
// is a network call no transaction may wait on), so it can fail on its own. Then the company
// exists, and the answer says so with the spec's partial-success message and why the
// certificate was refused, for the admin to upload it again from the company's page.
import type { Context } from 'hono';
import { errorMessages } from '../../domain/errors';
import { m } from '../../domain/messages';
import { recordMessages } from '../../domain/record-messages';
import type { AppEnv, Deps } from '../context';
import { AppError } from '../http/app-error';
import { translate } from '../i18n';
import { installCertificate } from '../vfd/registration';
import { acceptBody } from '../http/body';

const MAX_PFX_BYTES = 100 * 1024;
const MAX_FORM_BYTES = MAX_PFX_BYTES + 64 * 1024;

export interface CertificatePart {
  pfx: Buffer;
  password: string;
}

export interface CompanyForm {
  data: unknown;
  certificate: CertificatePart | null;
}

function fieldError(field: string, id: string, status: 413 | 422 = 422): AppError {
  return new AppError(status, 'validation_failed', errorMessages.validation_failed, {
    fields: { [field]: id },
  });
}

/** Bounds the whole form (413 past it, chunked or not); put it after the role check. */
export const companyFormLimit = () =>
  acceptBody(MAX_FORM_BYTES, () =>
    fieldError('file', recordMessages.certificateFileTooLarge.id, 413),
  );

/**
 * Reads the form. A certificate is optional, but a file without a password (or the reverse) is
 * refused before anything is created, like any other wrong field.
 */
export async function readCompanyForm(c: Context<AppEnv>): Promise<CompanyForm> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw fieldError('_', m.fieldInvalid.id);
  }
  let data: unknown = null;
  if (typeof form.data === 'string') {
    try {
      data = JSON.parse(form.data);
    } catch {
      throw fieldError('data', m.fieldInvalid.id);
    }
  }
  const file = form.file instanceof File && form.file.size > 0 ? form.file : null;
  const password = typeof form.password === 'string' ? form.password : '';
  if (!file && !password) return { data, certificate: null };
  if (!file) throw fieldError('file', recordMessages.certificateFileRequired.id);
  if (file.size > MAX_PFX_BYTES)
    throw fieldError('file', recordMessages.certificateFileTooLarge.id);
  if (!password) throw fieldError('password', recordMessages.certificatePasswordRequired.id);
  return {
    data,
    certificate: { pfx: Buffer.from(await file.arrayBuffer()), password },
  };
}

export type CertificateOutcome =
  | { status: 'none' }
  | { status: 'installed' }
  | {
      status: 'failed';
      code: string;
      /** The partial-success message, then why the certificate was refused. */
      message: string;
      reason: string;
      fields?: Record<string, string>;
    };

/** Installs the certificate of a company just created; a refusal becomes the outcome. */
export async function installAfterCreate(
  c: Context<AppEnv>,
  deps: Deps,
  companyId: string,
  certificate: CertificatePart | null,
): Promise<CertificateOutcome> {
  if (!certificate) return { status: 'none' };
  const locale = c.get('locale');
  try {
    await installCertificate(deps, companyId, certificate, c.get('user').id);
    return { status: 'installed' };
  } catch (error) {
    if (!(error instanceof AppError)) {
      deps.log.error('Certificate of a new company not installed', { error: String(error) });
    }
    const known = error instanceof AppError ? error : null;
    return {
      status: 'failed',
      code: known ? String(known.code) : 'internal',
      message: translate(locale, errorMessages.company_certificate_failed),
      reason: translate(locale, known ? known.text : errorMessages.internal, known?.options.values),
      ...(known?.options.fields
        ? {
            fields: Object.fromEntries(
              Object.entries(known.options.fields).map(([k, id]) => [k, translate(locale, id)]),
            ),
          }
        : {}),
    };
  }
}

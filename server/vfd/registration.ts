// Installing a company's certificate: read and check the PFX, register the VFD with TRA when
// it is not yet registered for this serial (TRA rule 1: once per VFD), then store the sealed
// certificate, every field of TRA's answer and, the first time, the counters. Nothing is
// written unless all of that succeeded, so a failed upload keeps the previous certificate.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { auditLog, companies, vfdCounters, vfds } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import { errorMessages } from '../../domain/errors';
import { CertificateError, certSerialHeader, readPfx, type LoadedCertificate } from './certificate';
import { loadVfd, sealPurpose } from './device';
import { seal } from './sealed';
import { postRegistration, traClientHeaders } from './tra-client';
import { parseErrorMessage, parseRegistration, registrationXml, signedDocument } from './xml';

const REGISTRATION_TIMEOUT_MS = 30_000;

export interface CertificateUpload {
  pfx: Buffer;
  password: string;
  /** Cert-Serial override to use from now on; undefined keeps the current one. */
  certSerialOverride?: string | null;
}

function certificateError(error: CertificateError): AppError {
  const problem = error.problem;
  const field = problem === 'certificate_wrong_password' ? 'password' : 'file';
  const values = error.date ? { date: error.date.toISOString().slice(0, 10) } : undefined;
  const text = errorMessages[problem];
  return new AppError(422, problem, text, {
    ...(values ? { values } : {}),
    fields: { [field]: text.id },
  });
}

/** The registration fields the VFD cannot work without. */
const REQUIRED = ['REGID', 'SERIAL', 'UIN', 'RECEIPTCODE', 'USERNAME', 'PASSWORD', 'GC'] as const;

interface Registration {
  fields: Record<string, string>;
}

async function registerWithTra(
  deps: Deps,
  tin: string,
  certKey: string,
  certificate: LoadedCertificate,
  certSerial: string,
): Promise<Registration> {
  const document = signedDocument(registrationXml(tin, certKey), certificate.privateKey);
  const call = await postRegistration(
    deps.traBaseUrl,
    document,
    certSerial,
    REGISTRATION_TIMEOUT_MS,
    traClientHeaders(deps),
  );
  if (!call.answered) {
    deps.log.error('TRA registration: no answer', { error: call.error });
    throw appError(503, 'tra_unreachable');
  }
  const fields = parseRegistration(call.body);
  if (!fields) {
    const message = parseErrorMessage(call.body);
    if (message || call.status >= 400) {
      deps.log.error('TRA registration failed', { status: call.status, message });
      if (call.status >= 500 && !message) throw appError(503, 'tra_unreachable');
      throw appError(502, 'tra_registration_refused', {
        values: { message: message ?? `HTTP ${call.status}` },
      });
    }
    throw appError(502, 'tra_registration_refused', {
      values: { message: call.body.slice(0, 200) || `HTTP ${call.status}` },
    });
  }
  if (fields.ACKCODE !== '0') {
    throw appError(422, 'tra_registration_refused', {
      values: { message: `${fields.ACKMSG || 'ACKCODE'} (${fields.ACKCODE})` },
    });
  }
  const missing = REQUIRED.filter((name) => !fields[name]);
  if (missing.length > 0 || !/^\d+$/.test(fields.GC ?? '')) {
    throw appError(502, 'tra_registration_refused', {
      values: { message: `incomplete answer (${missing.join(', ') || 'GC'})` },
    });
  }
  return { fields };
}

export interface InstallResult {
  registered: boolean;
}

export async function installCertificate(
  deps: Deps,
  companyId: string,
  upload: CertificateUpload,
  actorId: string | null,
): Promise<InstallResult> {
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw appError(404, 'not_found');
  const now = deps.clock.now();

  let certificate: LoadedCertificate;
  try {
    certificate = readPfx(upload.pfx, upload.password, now);
  } catch (error) {
    if (error instanceof CertificateError) throw certificateError(error);
    throw error;
  }

  const existing = await loadVfd(deps.db, companyId);
  const override =
    upload.certSerialOverride !== undefined
      ? upload.certSerialOverride
      : (existing?.certSerialOverride ?? null);
  const mustRegister =
    !existing || existing.registeredSerial !== company.serial || existing.status === 'inactive';

  // The network call happens before any transaction (PGlite would be blocked meanwhile).
  const registration = mustRegister
    ? await registerWithTra(
        deps,
        company.tin,
        company.serial,
        certificate,
        certSerialHeader(certificate.serialHexPairs, override),
      )
    : null;

  const key = deps.secrets.dataKey;
  const certificateColumns = {
    certificateId: crypto.randomUUID(),
    pfxSealed: seal(key, upload.pfx, sealPurpose.pfx(companyId)),
    pfxPasswordSealed: seal(key, upload.password, sealPurpose.pfxPassword(companyId)),
    certSerialHex: certificate.serialHexPairs,
    certSerialOverride: override,
    certSubject: certificate.subject,
    certIssuer: certificate.issuer,
    certNotBefore: certificate.notBefore,
    certNotAfter: certificate.notAfter,
    certFingerprint: certificate.fingerprint,
    certUploadedAt: now,
    updatedAt: now,
  };

  await deps.db.transaction(async (tx) => {
    // Serializes concurrent uploads for one company.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vfd-install:${companyId}`}))`);
    if (registration) {
      const f = registration.fields;
      const { PASSWORD, ...kept } = f;
      const registrationColumns = {
        status: 'registered' as const,
        registeredSerial: company.serial,
        registeredAt: now,
        regId: f.REGID!,
        serial: f.SERIAL!,
        uin: f.UIN!,
        receiptCode: f.RECEIPTCODE!,
        routingKey: f.ROUTINGKEY || 'vfdrct',
        tokenPath: f.TOKENPATH || 'vfdtoken',
        traUsername: f.USERNAME!,
        traPasswordSealed: seal(key, PASSWORD!, sealPurpose.traPassword(companyId)),
        registration: kept,
        // New credentials: a token of the old ones must not be used.
        tokenSealed: null,
        tokenExpiresAt: null,
      };
      await tx
        .insert(vfds)
        .values({ companyId, ...certificateColumns, ...registrationColumns, createdAt: now })
        .onConflictDoUpdate({
          target: vfds.companyId,
          set: { ...certificateColumns, ...registrationColumns },
        });
      // Counters are created once and never reset: a second registration must not rewind GC.
      await tx
        .insert(vfdCounters)
        .values({ companyId, nextGc: Math.max(1, Number(f.GC)) })
        .onConflictDoNothing();
    } else {
      await tx.update(vfds).set(certificateColumns).where(eq(vfds.companyId, companyId));
    }
    await tx.insert(auditLog).values({
      companyId,
      userId: actorId,
      action: registration ? 'vfd_registered' : 'vfd_certificate_replaced',
      entity: 'company',
      entityId: companyId,
      data: {
        certificateSubject: certificate.subject,
        certificateNotAfter: certificate.notAfter.toISOString(),
        ...(registration ? { regId: registration.fields.REGID } : {}),
      },
      createdAt: now,
    });
  });
  deps.log.info('VFD certificate installed', { companyId, registered: Boolean(registration) });
  return { registered: Boolean(registration) };
}

/** Sets or clears the Cert-Serial override of an installed VFD. */
export async function setCertSerialOverride(
  deps: Deps,
  companyId: string,
  certSerial: string | null,
  actorId: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(vfds)
      .set({ certSerialOverride: certSerial, updatedAt: now })
      .where(eq(vfds.companyId, companyId))
      .returning({ companyId: vfds.companyId });
    if (updated.length === 0) throw appError(409, 'vfd_not_registered');
    await tx.insert(auditLog).values({
      companyId,
      userId: actorId,
      action: 'vfd_cert_serial_changed',
      entity: 'company',
      entityId: companyId,
      data: { certSerial },
      createdAt: now,
    });
  });
}

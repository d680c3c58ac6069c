// A company's registered VFD as the rest of server/vfd uses it: the stored row, its signing key
// (decrypted once per process and certificate, then reused), and the values TRA's headers need.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import type { DbOrTx } from '../db/client';
import { companies, vfds } from '../db/schema';
import { certSerialHeader } from './certificate';
import { open, openText } from './sealed';
import forge from 'node-forge';

export type VfdRow = typeof vfds.$inferSelect;

/** Purposes bound into sealed values (associated data): a value opens only where it was sealed. */
export const sealPurpose = {
  pfx: (companyId: string) => `vfd:${companyId}:pfx`,
  pfxPassword: (companyId: string) => `vfd:${companyId}:pfx-password`,
  traPassword: (companyId: string) => `vfd:${companyId}:tra-password`,
  token: (companyId: string) => `vfd:${companyId}:token`,
};

export async function loadVfd(db: DbOrTx, companyId: string): Promise<VfdRow | null> {
  const [row] = await db.select().from(vfds).where(eq(vfds.companyId, companyId));
  return row ?? null;
}

/** What sending needs of a VFD (not its certificate), and whether TRA blocked the company. */
export async function loadSender(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      companyId: vfds.companyId,
      status: vfds.status,
      tokenSealed: vfds.tokenSealed,
      tokenExpiresAt: vfds.tokenExpiresAt,
      tokenPath: vfds.tokenPath,
      traUsername: vfds.traUsername,
      traPasswordSealed: vfds.traPasswordSealed,
      certSerialHex: vfds.certSerialHex,
      certSerialOverride: vfds.certSerialOverride,
      routingKey: vfds.routingKey,
      blocked: companies.blockedByTra,
    })
    .from(vfds)
    .innerJoin(companies, eq(companies.id, vfds.companyId))
    .where(eq(vfds.companyId, companyId));
  return row ?? null;
}

export type SenderVfd = NonNullable<Awaited<ReturnType<typeof loadSender>>>;

/**
 * Decrypted keys by company, per data key (so two servers in one test process never share).
 * An entry is replaced as soon as the company's certificate id changes.
 */
const keyCache = new WeakMap<
  Buffer,
  Map<string, { certificateId: string; key: crypto.KeyObject }>
>();

/**
 * The private key of the company's current certificate. The sealed PFX is read and opened only
 * when this process has not done so yet for that certificate.
 */
export async function signingKey(
  deps: Pick<Deps, 'secrets'>,
  db: DbOrTx,
  companyId: string,
  certificateId: string,
): Promise<crypto.KeyObject> {
  let byCompany = keyCache.get(deps.secrets.dataKey);
  if (!byCompany) {
    byCompany = new Map();
    keyCache.set(deps.secrets.dataKey, byCompany);
  }
  const cached = byCompany.get(companyId);
  if (cached?.certificateId === certificateId) return cached.key;
  const [row] = await db
    .select({
      certificateId: vfds.certificateId,
      pfxSealed: vfds.pfxSealed,
      pfxPasswordSealed: vfds.pfxPasswordSealed,
    })
    .from(vfds)
    .where(eq(vfds.companyId, companyId));
  if (!row) throw new Error(`No certificate stored for company ${companyId}`);
  const pfx = open(deps.secrets.dataKey, row.pfxSealed, sealPurpose.pfx(companyId));
  const password = openText(
    deps.secrets.dataKey,
    row.pfxPasswordSealed,
    sealPurpose.pfxPassword(companyId),
  );
  const key = privateKeyFromPfx(pfx, password);
  byCompany.set(companyId, { certificateId: row.certificateId, key });
  return key;
}

/** The key of a PFX already checked at upload (server/vfd/certificate.ts readPfx). */
function privateKeyFromPfx(pfx: Buffer, password: string): crypto.KeyObject {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary'))),
    false,
    password,
  );
  for (const type of [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!]) {
    const bag = p12.getBags({ bagType: type })[type]?.[0];
    if (bag?.key) {
      return crypto.createPrivateKey(forge.pki.privateKeyToPem(bag.key));
    }
  }
  throw new Error('The stored certificate has no RSA key');
}

export function vfdCertSerialHeader(
  vfd: Pick<VfdRow, 'certSerialHex' | 'certSerialOverride'>,
): string {
  return certSerialHeader(vfd.certSerialHex, vfd.certSerialOverride);
}

export function traPassword(
  deps: Pick<Deps, 'secrets'>,
  vfd: Pick<VfdRow, 'companyId' | 'traPasswordSealed'>,
): string {
  return openText(
    deps.secrets.dataKey,
    vfd.traPasswordSealed,
    sealPurpose.traPassword(vfd.companyId),
  );
}

/** The stored access token while it has at least a minute left (TRA rule 18), else null. */
export function storedToken(
  deps: Pick<Deps, 'secrets'>,
  vfd: Pick<VfdRow, 'companyId' | 'tokenSealed' | 'tokenExpiresAt'>,
  now: Date,
): string | null {
  if (!vfd.tokenSealed || !vfd.tokenExpiresAt) return null;
  if (vfd.tokenExpiresAt.getTime() - 60_000 <= now.getTime()) return null;
  return openText(deps.secrets.dataKey, vfd.tokenSealed, sealPurpose.token(vfd.companyId));
}

/** Where customers check a receipt: `<verify base><RCTVNUM>_<HHMMSS>`. */
export function verifyBase(deps: Pick<Deps, 'config' | 'traBaseUrl' | 'traSim'>): string {
  const { config } = deps;
  const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
  if (config.traVerifyBaseUrl) return withSlash(config.traVerifyBaseUrl);
  const tra = config.traBaseUrl;
  if (tra) {
    if (/^https:\/\/virtual\.tra\.go\.tz\b/.test(tra)) {
      return 'https://virtual.tra.go.tz/efdmsRctVerify/';
    }
    if (/^https:\/\/vfd\.tra\.go\.tz\b/.test(tra)) return 'https://verify.tra.go.tz/';
    return `${tra}/verify/`;
  }
  if (config.publicUrl) return `${config.publicUrl}/tra-sim/verify/`;
  return `${deps.traSim?.publicBase ?? deps.traBaseUrl}/verify/`;
}

export function verificationUrl(base: string, rctvnum: string, time: string): string {
  return `${base}${rctvnum}_${time.replace(/:/g, '')}`;
}

// What TRA does before a VFD exists: make a key pair and a certificate for a taxpayer and hand
// them over as a password-protected PFX. Used by the simulator, the demo company on first start
// and tests; real companies upload the PFX TRA gave them.
import crypto from 'node:crypto';
import forge from 'node-forge';

export interface IssuedCertificate {
  pfx: Buffer;
  password: string;
  certPem: string;
  /** Lower-case hex of the certificate serial, no separators. */
  certSerial: string;
}

export interface IssueOptions {
  commonName: string;
  organization?: string;
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** PKCS#12 key encryption; TRA's own files use 3DES. */
  algorithm?: '3des' | 'aes256';
  /** Reuse a key (tests that need a second certificate for the same key). */
  privateKey?: crypto.KeyObject;
}

export function issueCertificate(options: IssueOptions): IssuedCertificate {
  const privateKey =
    options.privateKey ?? crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const forgeKey = forge.pki.privateKeyFromPem(
    privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
  );
  const publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial of 8 random bytes.
  const serialBytes = crypto.randomBytes(8);
  serialBytes[0] = (serialBytes[0]! & 0x7f) | 0x10;
  cert.serialNumber = serialBytes.toString('hex');
  const now = Date.now();
  cert.validity.notBefore = options.notBefore ?? new Date(now - 86_400_000);
  cert.validity.notAfter = options.notAfter ?? new Date(now + 2 * 365 * 86_400_000);
  const attributes = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: options.organization ?? 'Tanzania Revenue Authority VFD' },
    { name: 'countryName', value: 'TZ' },
  ];
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.sign(forgeKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  const password = options.password ?? crypto.randomBytes(12).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(forgeKey, [cert], password, {
    algorithm: options.algorithm ?? '3des',
    friendlyName: options.commonName,
  });
  const pfx = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
  return {
    pfx,
    password,
    certPem: forge.pki.certificateToPem(cert),
    certSerial: cert.serialNumber.toLowerCase(),
  };
}

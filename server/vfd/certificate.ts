// Reads a company's PFX (PKCS#12) file as TRA issues it. TRA's files use legacy encryption
// (RC2-40 for the certificate, 3DES for the key) that OpenSSL 3 no longer reads by default,
// so node-forge parses the container; the key then becomes a Node KeyObject for signing.
import crypto from 'node:crypto';
import forge from 'node-forge';

export type CertificateProblem =
  | 'certificate_not_pkcs12'
  | 'certificate_wrong_password'
  | 'certificate_no_key'
  | 'certificate_not_rsa'
  | 'certificate_key_mismatch'
  | 'certificate_expired'
  | 'certificate_not_yet_valid';

export class CertificateError extends Error {
  constructor(
    readonly problem: CertificateProblem,
    readonly date?: Date,
  ) {
    super(problem);
    this.name = 'CertificateError';
  }
}

export interface LoadedCertificate {
  privateKey: crypto.KeyObject;
  certificate: crypto.X509Certificate;
  certPem: string;
  /** The certificate serial as TRA clients send it: hex byte pairs, "0a 1b 2c". */
  serialHexPairs: string;
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  fingerprint: string;
}

/** "0A1B2C" or "A1B2C" → "0a 1b 2c" / "0a 1b 2c". */
export function serialToHexPairs(serialHex: string): string {
  const hex = serialHex.replace(/[^0-9a-f]/gi, '').toLowerCase();
  const even = hex.length % 2 ? `0${hex}` : hex;
  return (even.match(/../g) ?? []).join(' ');
}

/** The Cert-Serial header value: base64 of the override, or of the hex-pair serial. */
export function certSerialHeader(serialHexPairs: string, override?: string | null): string {
  return Buffer.from(override ?? serialHexPairs, 'utf8').toString('base64');
}

type Bag = {
  key?: forge.pki.PrivateKey | null;
  cert?: forge.pki.Certificate | null;
  asn1?: forge.asn1.Asn1;
};

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): Bag[] {
  return (p12.getBags({ bagType: type })[type] ?? []) as Bag[];
}

function keyObjectOf(bag: Bag): crypto.KeyObject {
  const info = bag.key
    ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey))
    : bag.asn1;
  if (!info) throw new CertificateError('certificate_no_key');
  try {
    return crypto.createPrivateKey({
      key: Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary'),
      format: 'der',
      type: 'pkcs8',
    });
  } catch {
    throw new CertificateError('certificate_not_rsa');
  }
}

function x509Of(bag: Bag): crypto.X509Certificate | null {
  const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
  if (!asn1) return null;
  try {
    return new crypto.X509Certificate(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  } catch {
    return null;
  }
}

/**
 * Opens the PFX and checks it can sign receipts today. Each problem a user can fix gets its
 * own CertificateError; nothing is stored here.
 */
export function readPfx(pfx: Buffer, password: string, now: Date): LoadedCertificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
  } catch {
    throw new CertificateError('certificate_not_pkcs12');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/not an PKCS#12 PFX|Unsupported PKCS#12 PFX|Cannot read PKCS#12 PFX/i.test(message)) {
      throw new CertificateError('certificate_not_pkcs12');
    }
    throw new CertificateError('certificate_wrong_password');
  }

  const keyBags = [
    ...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag!),
    ...bagsOf(p12, forge.pki.oids.keyBag!),
  ];
  const keyBag = keyBags[0];
  if (!keyBag) throw new CertificateError('certificate_no_key');
  const privateKey = keyObjectOf(keyBag);
  if (privateKey.asymmetricKeyType !== 'rsa') throw new CertificateError('certificate_not_rsa');

  const certificates = bagsOf(p12, forge.pki.oids.certBag!)
    .map(x509Of)
    .filter((cert): cert is crypto.X509Certificate => cert !== null);
  const certificate = certificates.find((cert) => cert.checkPrivateKey(privateKey));
  if (!certificate) throw new CertificateError('certificate_key_mismatch');

  const notBefore = new Date(certificate.validFrom);
  const notAfter = new Date(certificate.validTo);
  if (notAfter.getTime() < now.getTime())
    throw new CertificateError('certificate_expired', notAfter);
  // A day of slack: certificates are often issued "today" by a clock ahead of ours.
  if (notBefore.getTime() > now.getTime() + 86_400_000) {
    throw new CertificateError('certificate_not_yet_valid', notBefore);
  }
  return {
    privateKey,
    certificate,
    certPem: certificate.toString(),
    serialHexPairs: serialToHexPairs(certificate.serialNumber),
    subject: certificate.subject.replace(/\n/g, ', '),
    issuer: certificate.issuer.replace(/\n/g, ', '),
    notBefore,
    notAfter,
    fingerprint: certificate.fingerprint256,
  };
}

/** RSA PKCS#1 v1.5 with SHA-1 over the exact bytes, base64: TRA's EFDMSSIGNATURE. */
export function signXml(privateKey: crypto.KeyObject, signedPart: string): string {
  return crypto.sign('sha1', Buffer.from(signedPart, 'utf8'), privateKey).toString('base64');
}

export function verifyXml(
  publicKey: crypto.KeyObject | crypto.X509Certificate,
  signedPart: string,
  signature: string,
): boolean {
  const key = publicKey instanceof crypto.X509Certificate ? publicKey.publicKey : publicKey;
  try {
    return crypto.verify(
      'sha1',
      Buffer.from(signedPart, 'utf8'),
      key,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

// A self-signed certificate for 127.0.0.1 and localhost, for the tests' own HTTPS servers and
// clients (the client trusts it by passing it as its `ca`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

export function localCertificate(): { cert: string; key: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const name = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return {
    cert: forge.pki.certificateToPem(cert),
    key: forge.pki.privateKeyToPem(keys.privateKey),
  };
}

/**
 * A certificate and its key written to a new temporary folder, where TLS_CERT_FILE and
 * TLS_KEY_FILE can name them; `remove` deletes the folder.
 */
export function certificateFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-tls-'));
  const { cert, key } = localCertificate();
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(certFile, cert);
  fs.writeFileSync(keyFile, key);
  return {
    cert,
    certFile,
    keyFile,
    dir,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

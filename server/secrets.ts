// Secrets the server needs but a fresh install does not have: generated once into
// DATA_DIR/secrets.json (mode 0600) unless given through the environment.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config';

export interface Secrets {
  /** HS256 key for access tokens. */
  jwtKey: Uint8Array;
  /** 32-byte AES key for data at rest (PFX files and their passwords). */
  dataKey: Buffer;
  /** The server's VAPID key pair for Web Push (base64url), which push services check. */
  vapid: { publicKey: string; privateKey: string };
}

interface Stored {
  jwtSecret?: string;
  dataKey?: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

export function loadSecrets(
  config: Pick<Config, 'dataDir' | 'jwtSecret' | 'dataKey' | 'vapid'>,
): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Stored = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Stored;
  }
  const missing =
    (!config.jwtSecret && !stored.jwtSecret) ||
    (!config.dataKey && !stored.dataKey) ||
    (!config.vapid && !stored.vapidPrivateKey);
  if (missing) {
    const vapid = stored.vapidPrivateKey ? null : webpush.generateVAPIDKeys();
    stored = {
      jwtSecret: stored.jwtSecret ?? crypto.randomBytes(48).toString('base64url'),
      dataKey: stored.dataKey ?? crypto.randomBytes(32).toString('hex'),
      vapidPublicKey: stored.vapidPublicKey ?? vapid!.publicKey,
      vapidPrivateKey: stored.vapidPrivateKey ?? vapid!.privateKey,
    };
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const jwtSecret = config.jwtSecret ?? stored.jwtSecret!;
  const dataKey = config.dataKey ?? stored.dataKey!;
  return {
    jwtKey: new TextEncoder().encode(jwtSecret),
    dataKey: Buffer.from(dataKey, 'hex'),
    vapid: config.vapid ?? {
      publicKey: stored.vapidPublicKey!,
      privateKey: stored.vapidPrivateKey!,
    },
  };
}

/** Secrets for tests: random, in memory. */
export function ephemeralSecrets(): Secrets {
  return {
    jwtKey: crypto.randomBytes(48),
    dataKey: crypto.randomBytes(32),
    vapid: webpush.generateVAPIDKeys(),
  };
}

/**
 * The key the app's VFD client shows the simulator mounted at /tra-sim, derived from the
 * server's own secret so that nothing else (another process, a browser) can post to it.
 */
export function traSimClientKey(secrets: Pick<Secrets, 'jwtKey'>): string {
  return crypto
    .createHmac('sha256', secrets.jwtKey)
    .update('risiti tra-sim client key v1')
    .digest('base64url');
}

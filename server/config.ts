// Server configuration, parsed once from the environment at start-up. A bad value stops the
// server with a message that names the variable, instead of failing later on a request.
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import * as v from 'valibot';
import { parseFaults, type FaultSettings } from './tra-sim/faults';

/** The push services of Chrome, Firefox, Edge and Safari. */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));

const optionalUrl = (fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be a URL')),
    fallback,
  );

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a port number'),
      v.transform(Number),
      v.maxValue(65535, 'must be a port number'),
    ),
    '8080',
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '0.0.0.0'),
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://')),
  ),
  TRA_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  TRA_VERIFY_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp://'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), 'Risiti <no-reply@risiti.co.tz>'),
  RISITI_ADMIN_USER: optionalText,
  RISITI_ADMIN_PASSWORD: optionalText,
  RISITI_DEMO: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '1'),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  DATA_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters')),
  ),
  TRUST_PROXY: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '0'),
  TRA_WORKER: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '1'),
  TRA_OVERDUE_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'must be a whole number of hours'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1 hour'),
    ),
    '48',
  ),
  TRA_SIM_FAULTS: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => {
        try {
          parseFaults(value);
          return true;
        } catch {
          return false;
        }
      }, 'must read like drop=0.1,error=0.05,timeout=0.02,accept-drop=0.3,latency=0.5:200'),
    ),
  ),
  TRA_SIM_ADMIN_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  ),
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')),
  ),
  PUSH_SERVICE_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9.*:-]+(,[a-z0-9.*:-]+)*$/i, 'must be host names separated by commas'),
    ),
  ),
  AI_DAILY_LIMIT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'must be a whole number of requests'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
    '20',
  ),
  AI_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  AI_API_KEY: optionalText,
  AI_MODEL: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), 'gpt-4o-mini'),
  USSD_GATEWAY_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9._~-]{16,200}$/, 'must be 16 to 200 letters, digits or ._~-'),
    ),
  ),
  XERO_CLIENT_ID: optionalText,
  XERO_CLIENT_SECRET: optionalText,
  XERO_AUTHORIZE_URL: optionalUrl('https://login.xero.com/identity/connect/authorize'),
  XERO_TOKEN_URL: optionalUrl('https://identity.xero.com/connect/token'),
  XERO_REVOKE_URL: optionalUrl('https://identity.xero.com/connect/revocation'),
  XERO_API_URL: optionalUrl('https://api.xero.com'),
  QUICKBOOKS_CLIENT_ID: optionalText,
  QUICKBOOKS_CLIENT_SECRET: optionalText,
  QUICKBOOKS_AUTHORIZE_URL: optionalUrl('https://appcenter.intuit.com/connect/oauth2'),
  QUICKBOOKS_TOKEN_URL: optionalUrl('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  QUICKBOOKS_REVOKE_URL: optionalUrl('https://developer.api.intuit.com/v2/oauth2/tokens/revoke'),
  QUICKBOOKS_API_URL: optionalUrl('https://quickbooks.api.intuit.com'),
  INTEGRATION_IMPORTS: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '1'),
  LOG_LEVEL: v.optional(v.picklist(['silent', 'error', 'info', 'debug']), 'info'),
  ATTACHMENT_STORE: v.optional(
    v.picklist(['files', 'database'], 'must be files or database'),
    'files',
  ),
});

/** An accounting service's OAuth2 client and addresses (server/integrations). */
export interface IntegrationProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  apiUrl: string;
}

export interface Config {
  port: number;
  host: string;
  /**
   * The certificate chain and private key (PEM) when the server itself speaks HTTPS, with
   * HTTP/2 and HTTP/1.1 on the one port; undefined for plain HTTP (behind a proxy that ends TLS).
   */
  tls: { cert: Buffer; key: Buffer } | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Base URL of TRA's VFD API; undefined means the simulator mounted in this server. */
  traBaseUrl: string | undefined;
  traVerifyBaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminUser: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  jwtSecret: string | undefined;
  dataKey: string | undefined;
  trustProxy: boolean;
  /** Run the fiscal worker (sending to TRA, Z reports, alerts) in this process. */
  traWorker: boolean;
  /** Receipts waiting for TRA longer than this are reported to the company's admins. */
  traOverdueMs: number;
  /** Faults the built-in TRA simulator injects (testing only). */
  traSimFaults: Partial<FaultSettings>;
  /** Bearer token for the built-in simulator's /tra-sim/admin endpoints; off when unset. */
  traSimAdminToken: string | undefined;
  /**
   * The secret the USSD gateway sends with every callback (?token= or a Bearer header); the
   * callback is not served while it is unset.
   */
  ussdGatewayToken: string | undefined;
  /** The server's VAPID key pair for Web Push, when given (else generated into DATA_DIR). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /**
   * The push services a browser's subscription may point to (host names, `*.` for any
   * subdomain): the server posts notifications there and nowhere else.
   */
  pushServiceHosts: string[];
  /**
   * AI business insights: each user's AI requests a day, and the OpenAI-compatible model that
   * writes them when one is configured (null: the server's own engine).
   */
  ai: {
    dailyLimit: number;
    llm: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  };
  /**
   * The accounting services this server offers; a provider without client id and secret is
   * null ("not configured on this server") and everything else keeps working.
   */
  integrations: {
    xero: IntegrationProviderConfig | null;
    quickbooks: IntegrationProviderConfig | null;
  };
  /** Import from connected accounting services every 15 minutes in this process. */
  integrationImports: boolean;
  logLevel: 'silent' | 'error' | 'info' | 'debug';
  /**
   * Where expense attachments are kept: files under DATA_DIR (one server process), or the
   * database (several processes sharing one PostgreSQL).
   */
  attachmentStore: 'files' | 'database';
}

export class ConfigError extends Error {}

function providerConfig(
  clientId: string | undefined,
  clientSecret: string | undefined,
  urls: Omit<IntegrationProviderConfig, 'clientId' | 'clientSecret'>,
): IntegrationProviderConfig | null {
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authorizeUrl: urls.authorizeUrl,
    tokenUrl: urls.tokenUrl,
    revokeUrl: urls.revokeUrl,
    apiUrl: urls.apiUrl.replace(/\/+$/, ''),
  };
}

/** Reads the certificate and key, both or neither, and checks that they make a pair. */
function tlsFiles(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    const [missing, given] = certFile
      ? ['TLS_KEY_FILE', 'TLS_CERT_FILE']
      : ['TLS_CERT_FILE', 'TLS_KEY_FILE'];
    throw new ConfigError(`Invalid configuration:\n  ${missing}: must be set with ${given}`);
  }
  const read = (variable: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError(
        `Invalid configuration:\n  ${variable}: cannot read ${file} (${reason})`,
      );
    }
  };
  const pair = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  try {
    tls.createSecureContext(pair);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: not a PEM certificate and its private key (${(error as Error).message})`,
    );
  }
  return pair;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(envSchema, defined);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '?';
      return `  ${key}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    host: e.HOST,
    tls: tlsFiles(e.TLS_CERT_FILE, e.TLS_KEY_FILE),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    traBaseUrl: e.TRA_BASE_URL?.replace(/\/+$/, ''),
    traVerifyBaseUrl: e.TRA_VERIFY_BASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminUser: e.RISITI_ADMIN_USER,
    adminPassword: e.RISITI_ADMIN_PASSWORD,
    demo: e.RISITI_DEMO === '1',
    jwtSecret: e.JWT_SECRET,
    dataKey: e.DATA_KEY,
    trustProxy: e.TRUST_PROXY === '1',
    traWorker: e.TRA_WORKER === '1',
    traOverdueMs: e.TRA_OVERDUE_HOURS * 3_600_000,
    traSimFaults: parseFaults(e.TRA_SIM_FAULTS),
    traSimAdminToken: e.TRA_SIM_ADMIN_TOKEN,
    ussdGatewayToken: e.USSD_GATEWAY_TOKEN,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.toLowerCase().split(',')
      : DEFAULT_PUSH_SERVICE_HOSTS,
    ai: {
      dailyLimit: e.AI_DAILY_LIMIT,
      llm: e.AI_BASE_URL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL }
        : null,
    },
    integrations: {
      xero: providerConfig(e.XERO_CLIENT_ID, e.XERO_CLIENT_SECRET, {
        authorizeUrl: e.XERO_AUTHORIZE_URL,
        tokenUrl: e.XERO_TOKEN_URL,
        revokeUrl: e.XERO_REVOKE_URL,
        apiUrl: e.XERO_API_URL,
      }),
      quickbooks: providerConfig(e.QUICKBOOKS_CLIENT_ID, e.QUICKBOOKS_CLIENT_SECRET, {
        authorizeUrl: e.QUICKBOOKS_AUTHORIZE_URL,
        tokenUrl: e.QUICKBOOKS_TOKEN_URL,
        revokeUrl: e.QUICKBOOKS_REVOKE_URL,
        apiUrl: e.QUICKBOOKS_API_URL,
      }),
    },
    integrationImports: e.INTEGRATION_IMPORTS === '1',
    logLevel: e.LOG_LEVEL,
    attachmentStore: e.ATTACHMENT_STORE,
  };
}

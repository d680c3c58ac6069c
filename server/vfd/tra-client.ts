// HTTP calls to TRA's VFD API (or a simulator at the same paths): registration, token, receipt
// and Z report, with the headers and content types of tra-vfd.md. Every call ends in an answer
// or in "no answer" within its timeout; it never throws for network trouble.
import type { Deps } from '../context';
import { traSimClientKey } from '../secrets';
import { parseErrorMessage } from './xml';

/** Header that lets the app's own requests through to the simulator mounted at /tra-sim. */
export const TRA_SIM_KEY_HEADER = 'X-Risiti-Tra-Sim-Key';

/**
 * Extra headers for every call: the simulator's key when no real TRA is configured (the
 * mounted simulator refuses requests without it), nothing when talking to TRA.
 */
export function traClientHeaders(deps: Pick<Deps, 'config' | 'secrets'>): Record<string, string> {
  if (deps.config.traBaseUrl) return {};
  return { [TRA_SIM_KEY_HEADER]: traSimClientKey(deps.secrets) };
}

export const TRA_PATHS = {
  registration: '/api/vfdRegReq',
  receipt: '/api/efdmsRctInfo',
  zreport: '/api/efdmszreport',
} as const;

export type TraCall =
  | { answered: true; status: number; body: string; headers: Headers; durationMs: number }
  | { answered: false; error: string; durationMs: number };

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as Error & { cause?: unknown }).cause;
    const detail = cause instanceof Error ? cause.message : '';
    return detail ? `${error.message}: ${detail}` : error.message;
  }
  return String(error);
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<TraCall> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: Buffer.from(body, 'utf8'),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return {
      answered: true,
      status: response.status,
      body: text,
      headers: response.headers,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      answered: false,
      error: describe(error),
      durationMs: Math.round(performance.now() - started),
    };
  }
}

export function postRegistration(
  base: string,
  document: string,
  certSerial: string,
  timeoutMs: number,
  extraHeaders: Record<string, string> = {},
): Promise<TraCall> {
  return post(
    `${base}${TRA_PATHS.registration}`,
    {
      ...extraHeaders,
      'Content-Type': 'application/xml',
      'Cert-Serial': certSerial,
      Client: 'webapi',
    },
    document,
    timeoutMs,
  );
}

export interface TokenAnswer {
  token: string;
  expiresInSeconds: number;
}

export type TokenCall =
  | { ok: true; token: TokenAnswer; headerAck: number | null; durationMs: number }
  | {
      ok: false;
      answered: boolean;
      status?: number;
      error: string;
      headerAck: number | null;
      durationMs: number;
    };

/** ACKCODE header some TRA deployments add to token answers (8 blocked, 7 unblocked, 18 inactive). */
function headerAck(headers: Headers): number | null {
  const value = headers.get('ackcode');
  return value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

export async function requestToken(
  base: string,
  tokenPath: string,
  username: string,
  password: string,
  timeoutMs: number,
  extraHeaders: Record<string, string> = {},
): Promise<TokenCall> {
  const form = new URLSearchParams({ username, password, grant_type: 'password' });
  const call = await post(
    `${base}/${tokenPath.replace(/^\/+/, '')}`,
    { ...extraHeaders, 'Content-Type': 'application/x-www-form-urlencoded' },
    form.toString(),
    timeoutMs,
  );
  if (!call.answered) {
    return {
      ok: false,
      answered: false,
      error: call.error,
      headerAck: null,
      durationMs: call.durationMs,
    };
  }
  const ack = headerAck(call.headers);
  if (call.status === 200) {
    try {
      const json = JSON.parse(call.body) as Record<string, unknown>;
      const token = json.access_token;
      const expires = Number(json.expires_in);
      if (typeof token === 'string' && token && Number.isFinite(expires) && expires > 0) {
        return {
          ok: true,
          token: { token, expiresInSeconds: expires },
          headerAck: ack,
          durationMs: call.durationMs,
        };
      }
    } catch {
      /* not JSON: reported below */
    }
  }
  const message =
    call.headers.get('ackmsg') ??
    parseErrorMessage(call.body) ??
    (call.body.slice(0, 300) || `HTTP ${call.status}`);
  return {
    ok: false,
    answered: true,
    status: call.status,
    error: message,
    headerAck: ack,
    durationMs: call.durationMs,
  };
}

export function postDocument(
  base: string,
  kind: 'receipt' | 'zreport',
  document: string,
  headers: { certSerial: string; token: string; routingKey: string },
  timeoutMs: number,
  extraHeaders: Record<string, string> = {},
): Promise<TraCall> {
  return post(
    `${base}${TRA_PATHS[kind]}`,
    {
      ...extraHeaders,
      'Content-Type': 'application/xml',
      'Routing-Key': headers.routingKey,
      'Cert-Serial': headers.certSerial,
      Authorization: `bearer ${headers.token}`,
    },
    document,
    timeoutMs,
  );
}

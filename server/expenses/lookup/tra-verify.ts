// Looks a receipt up at TRA's verification (spec/tra-vfd.md "Verification link and QR"). Both
// parts are always sent: the code and the receipt's time, `<base><CODE>_<HHMMSS>`, which is what
// the QR code holds. TRA's portal answers that link either with the receipt, or with a session
// cookie and a form asking for the receipt time; the time then goes to `Verify/Verified?Secret=
// HH:MM:SS` with that cookie. The built-in simulator answers the same link with JSON when asked.
// Nothing here throws: every outcome is one of found, not found (TRA knows no such receipt, a
// final answer) or try again (no answer, a server error, a rate limit).
import {
  readSimulatorJson,
  readVerificationPage,
  isReceiptPage,
  type VerifiedReceipt,
} from './verify-page';

export type VerifyOutcome =
  | { kind: 'found'; receipt: VerifiedReceipt }
  | { kind: 'not_found' }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null };

export interface VerifyOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const MAX_REDIRECTS = 5;
/** Pages larger than this are not a receipt; reading them would only cost memory. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** Cookies as a browser would keep them for the portal: name → value, the latest wins. */
class CookieJar {
  private readonly values = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0]!;
      const eq = pair.indexOf('=');
      if (eq > 0) this.values.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  header(): string | undefined {
    if (this.values.size === 0) return undefined;
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 300) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.min(date - Date.now(), 300_000));
}

async function readText(response: Response): Promise<string | null> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_PAGE_BYTES) return null;
  const buffer = await response.arrayBuffer();
  if (buffer.byteLength > MAX_PAGE_BYTES) return null;
  return new TextDecoder().decode(buffer);
}

/** The link the QR code of the receipt holds. */
export function verificationLink(base: string, code: string, time: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}${code}_${time.replace(/:/g, '')}`;
}

export async function verifyReceipt(
  base: string,
  code: string,
  time: string,
  options: VerifyOptions = {},
): Promise<VerifyOutcome> {
  const doFetch = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 20_000);
  const jar = new CookieJar();
  const get = async (url: string, referer?: string): Promise<Response> => {
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        // The portal is a page for people; the simulator answers JSON to the same link.
        accept: 'text/html,application/xhtml+xml,application/json;q=0.9',
        'accept-language': 'en',
        'user-agent': 'Mozilla/5.0 (compatible; Risiti receipt verification)',
      };
      const cookie = jar.header();
      if (cookie) headers.cookie = cookie;
      if (referer) headers.referer = referer;
      const response = await doFetch(current, { headers, redirect: 'manual', signal });
      jar.take(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
        await response.body?.cancel();
        referer = current;
        current = new URL(location, current).toString();
        continue;
      }
      return response;
    }
  };

  const judge = async (response: Response): Promise<VerifyOutcome | 'form'> => {
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      return {
        kind: 'retry',
        reason: `HTTP ${response.status}`,
        retryAfterMs: retryAfter(response),
      };
    }
    const type = response.headers.get('content-type') ?? '';
    if (/json/i.test(type)) {
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 404) return { kind: 'not_found' };
      const receipt = readSimulatorJson(body);
      return receipt ? { kind: 'found', receipt } : { kind: 'not_found' };
    }
    const html = await readText(response);
    if (html === null) return { kind: 'not_found' };
    if (isReceiptPage(html)) {
      const receipt = readVerificationPage(html);
      return receipt
        ? { kind: 'found', receipt }
        : { kind: 'retry', reason: 'unreadable receipt page', retryAfterMs: null };
    }
    if (response.status === 404) return { kind: 'not_found' };
    return 'form';
  };

  try {
    const link = verificationLink(base, code, time);
    const first = await judge(await get(link));
    if (first !== 'form') return first;
    // The portal asked for the receipt time: answer it in the same session.
    const secret = new URL('Verify/Verified', base.endsWith('/') ? base : `${base}/`);
    secret.searchParams.set('Secret', time);
    const second = await judge(await get(secret.toString(), link));
    return second === 'form' ? { kind: 'not_found' } : second;
  } catch (error) {
    return {
      kind: 'retry',
      reason: error instanceof Error ? error.message : String(error),
      retryAfterMs: null,
    };
  }
}

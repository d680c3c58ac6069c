// HTTP to the accounting services: a timeout on every call, answers read only up to a bound,
// JSON checked to be an object. Whatever the provider does, the caller gets a ProviderError.
import { ProviderError } from './errors';

const TIMEOUT_MS = 20_000;
/** More than a page of 100 invoices with their lines ever takes. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError('unreadable', `answer of ${declared} bytes`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderError('unreadable', 'answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type JsonObject = Record<string, unknown>;

export interface ProviderAnswer {
  status: number;
  json: JsonObject | unknown[] | null;
}

/** One call; any answer comes back (the caller decides what a status means), no answer throws. */
export async function providerCall(url: string, init: RequestInit): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await readBounded(response);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('unreachable', String(error));
  }
  let json: ProviderAnswer['json'] = null;
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    if (parsed !== null && typeof parsed === 'object') json = parsed as JsonObject | unknown[];
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

/** A 2xx answer whose body is a JSON object (or list, when `list`), else a ProviderError. */
export async function providerJson(url: string, init: RequestInit): Promise<JsonObject> {
  const answer = await providerCall(url, init);
  if (answer.status === 401) throw new ProviderError('unauthorized', `401 from ${url}`);
  if (answer.status >= 500 || answer.status === 429) {
    throw new ProviderError('unreachable', `${answer.status} from ${url}`);
  }
  if (answer.status >= 400) throw new ProviderError('refused', `${answer.status} from ${url}`);
  if (!answer.json || Array.isArray(answer.json)) {
    throw new ProviderError('unreadable', `no JSON object from ${url}`);
  }
  return answer.json;
}

export async function providerList(url: string, init: RequestInit): Promise<unknown[]> {
  const answer = await providerCall(url, init);
  if (answer.status === 401) throw new ProviderError('unauthorized', `401 from ${url}`);
  if (answer.status >= 500 || answer.status === 429) {
    throw new ProviderError('unreachable', `${answer.status} from ${url}`);
  }
  if (answer.status >= 400) throw new ProviderError('refused', `${answer.status} from ${url}`);
  if (!Array.isArray(answer.json)) throw new ProviderError('unreadable', `no list from ${url}`);
  return answer.json;
}

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

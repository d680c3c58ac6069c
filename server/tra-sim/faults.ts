// Faults the simulator injects on demand, each with a rate between 0 and 1: slow answers,
// dropped connections, 5xx, requests left hanging until the client gives up, and receipts
// recorded but answered with a dropped connection (the case that tempts a client to renumber).
import * as v from 'valibot';

export interface FaultSettings {
  /** Extra delay of up to latencyMs, applied to latencyRate of requests. */
  latencyMs: number;
  latencyRate: number;
  /** Connection closed before the request is looked at. */
  dropRate: number;
  /** HTTP 500 with TRA's `<Error><Message>` body, request not processed. */
  errorRate: number;
  /** No answer for hangMs, then the connection is closed; request not processed. */
  timeoutRate: number;
  hangMs: number;
  /** Request processed and recorded, then the connection is closed without an answer. */
  acceptThenDropRate: number;
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  latencyRate: 0,
  dropRate: 0,
  errorRate: 0,
  timeoutRate: 0,
  hangMs: 30_000,
  acceptThenDropRate: 0,
};

const rate = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const ms = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000));

export const faultSettingsSchema = v.partial(
  v.object({
    latencyMs: ms,
    latencyRate: rate,
    dropRate: rate,
    errorRate: rate,
    timeoutRate: rate,
    hangMs: ms,
    acceptThenDropRate: rate,
  }),
);

/**
 * Reads TRA_SIM_FAULTS: `drop=0.1,error=0.05,timeout=0.02,accept-drop=0.3,latency=0.5:200,hang=5000`.
 * Throws with the offending part when it cannot be read.
 */
export function parseFaults(text: string | undefined): Partial<FaultSettings> {
  const out: Partial<FaultSettings> = {};
  if (!text?.trim()) return out;
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim());
    const number = (s: string | undefined) => {
      const n = Number(s);
      if (s === undefined || s === '' || !Number.isFinite(n) || n < 0) {
        throw new Error(`TRA_SIM_FAULTS: cannot read "${part}"`);
      }
      return n;
    };
    switch (name) {
      case 'drop':
        out.dropRate = number(value);
        break;
      case 'error':
        out.errorRate = number(value);
        break;
      case 'timeout':
        out.timeoutRate = number(value);
        break;
      case 'accept-drop':
        out.acceptThenDropRate = number(value);
        break;
      case 'hang':
        out.hangMs = number(value);
        break;
      case 'latency': {
        const [r, delay] = value.split(':');
        out.latencyRate = number(r);
        out.latencyMs = number(delay ?? '500');
        break;
      }
      default:
        throw new Error(`TRA_SIM_FAULTS: unknown fault "${name}"`);
    }
  }
  const checked = v.safeParse(faultSettingsSchema, out);
  if (!checked.success) throw new Error('TRA_SIM_FAULTS: rates must be between 0 and 1');
  return checked.output;
}

/** A small seeded generator (mulberry32) so a faulty run can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Waiting between attempts of an entry that got no answer or a server error: doubling from
// 2 seconds up to 5 minutes, with jitter so phones that lost the same network do not all
// return at the same second.
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/** Delay before attempt number `attempts + 1`, given `attempts` failed ones (≥ 1). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random() * 0.5));
}

import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';

/** How long after the last key a list's search is written into its address. */
export const SEARCH_ADDRESS_DELAY_MS = 400;

/**
 * A list's search box, kept in its address (`?q=`) once typing pauses, so that coming back to
 * the list finds it as it was left. `write` replaces the address's `q` with the one given.
 *
 * The address is written only when its `q` would change, and only while it still shows the
 * list. A row tapped just before the pause began loading the row's page with the list still on
 * screen; the list's write then replaced the new address with its own, and the tap was lost.
 */
export function useSearchInAddress(
  text: string,
  inAddress: string | undefined,
  write: (q: string | undefined) => void,
): void {
  const router = useRouter();
  // The list's own address: only its search changes while the list is mounted.
  const [listPath] = useState(() => router.latestLocation.pathname);
  const settle = useEffectEvent((q: string | undefined) => {
    if (router.latestLocation.pathname !== listPath || q === inAddress) return;
    write(q);
  });
  useEffect(() => {
    const timer = setTimeout(() => settle(text.trim() || undefined), SEARCH_ADDRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
}

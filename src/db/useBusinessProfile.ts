import { useLiveQuery } from 'dexie-react-hooks';
import { readBusinessProfile, type BusinessProfile } from './business-profile';

/** The company's receipt header kept on this device; null when never fetched, undefined while loading. */
export function useBusinessProfile(companyId: string | null): BusinessProfile | null | undefined {
  return useLiveQuery(() => (companyId ? readBusinessProfile(companyId) : null), [companyId]);
}

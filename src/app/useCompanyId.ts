import { useSession, workingCompanyId } from '../stores/session';

/** The company the screens work on: the user's own, or the one an admin chose; else null. */
export function useCompanyId(): string | null {
  return useSession(workingCompanyId);
}

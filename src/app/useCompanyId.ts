import { useSession, userCompanyId } from '../stores/session';

/** The company the signed-in user works in; null for admins and when signed out. */
export function useCompanyId(): string | null {
  return useSession((state) => userCompanyId(state.user));
}

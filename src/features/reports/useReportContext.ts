// Who a report page is for: the company it shows (the user's own, or the one an admin picked)
// and whether this phone holds that company's invoices.
import { useSession, userCompanyId } from '../../stores/session';

export function useReportCompany(requested: string | undefined) {
  const user = useSession((state) => state.user);
  const own = userCompanyId(user);
  const admin = user?.role === 'org_admin' || user?.role === 'platform_admin';
  const companyId = own ?? (admin ? (requested ?? null) : null);
  return { user, companyId, phoneCompanyId: own, admin };
}

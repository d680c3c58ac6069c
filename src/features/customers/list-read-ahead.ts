// The customer list's first screen, started by its route while the list's code loads (see
// prefetchCustomerList): on a reload the database opens and reads the first rows meanwhile.
import { prefetchCustomerList } from '../../db/useCustomers';
import { useSession, workingCompanyId } from '../../stores/session';

export function readCustomerListAhead(): void {
  const companyId = workingCompanyId(useSession.getState());
  if (companyId) void prefetchCustomerList(companyId);
}

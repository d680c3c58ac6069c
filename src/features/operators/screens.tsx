// The three screens of people, each with its scope: every company the admin reaches
// (/operators), the owner's operators (/operator), the users of the company worked in (/users).
import { useSession, workingCompany } from '../../stores/session';
import { PeoplePage } from './PeoplePage';

export function OperatorsScreen() {
  return <PeoplePage scope="reach" company={null} />;
}

function useCompanyScope() {
  const user = useSession((state) => state.user);
  const company = useSession(workingCompany);
  if (!user || !company) return null;
  return {
    id: company.id,
    name: company.name,
    organizationId: company.organizationId ?? user.organization_id ?? '',
  };
}

export function OwnerOperatorsScreen() {
  const company = useCompanyScope();
  return <PeoplePage scope="owner" company={company} />;
}

export function UsersScreen() {
  const company = useCompanyScope();
  return <PeoplePage scope="company" company={company} />;
}

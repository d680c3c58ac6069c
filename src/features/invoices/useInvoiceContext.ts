import { useMemo } from 'react';
import type { SessionUser } from '../../../domain/roles';
import type { InvoiceContext } from '../../db/invoices';
import { useSession, workingCompany, type ActingCompany } from '../../stores/session';

/** The company the user works in; null for admins and when signed out. */
export function companyIdOf(user: SessionUser | null): string | null {
  return user?.company?.id ?? user?.company_id ?? null;
}

/**
 * Who writes invoices here: the signed-in user of a company, or an admin in the company chosen
 * in the switcher; null otherwise (signed out, an admin in no company).
 */
export function invoiceContextOf(
  user: SessionUser | null,
  acting: ActingCompany | null = null,
): InvoiceContext | null {
  const company = workingCompany({ user, actingCompany: acting });
  if (!user || !company) return null;
  return {
    companyId: company.id,
    userId: user.id,
    userName: [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username,
    blockedByTra: company.blockedByTra,
  };
}

export function useInvoiceContext(): InvoiceContext | null {
  const user = useSession((state) => state.user);
  const acting = useSession((state) => state.actingCompany);
  return useMemo(() => invoiceContextOf(user, acting), [user, acting]);
}

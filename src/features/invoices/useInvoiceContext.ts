import { useMemo } from 'react';
import type { SessionUser } from '../../../domain/roles';
import type { InvoiceContext } from '../../db/invoices';
import { useSession } from '../../stores/session';

/** The company the user works in; null for admins and when signed out. */
export function companyIdOf(user: SessionUser | null): string | null {
  return user?.company?.id ?? user?.company_id ?? null;
}

/** Who writes invoices here: the signed-in user of a company, or null (admins, signed out). */
export function invoiceContextOf(user: SessionUser | null): InvoiceContext | null {
  const companyId = companyIdOf(user);
  if (!user || !companyId) return null;
  return {
    companyId,
    userId: user.id,
    userName: [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username,
    blockedByTra: user.company?.blockedByTra ?? false,
  };
}

export function useInvoiceContext(): InvoiceContext | null {
  const user = useSession((state) => state.user);
  return useMemo(() => invoiceContextOf(user), [user]);
}

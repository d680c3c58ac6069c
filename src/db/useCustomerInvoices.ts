import { useLiveQuery } from 'dexie-react-hooks';
import { invoicesOfCustomer, type CustomerInvoice } from './customer-invoices';

/** The customer's invoices on this device, newest first, live; undefined while loading. */
export function useCustomerInvoices(
  companyId: string | null,
  customerId: string | null,
): CustomerInvoice[] | undefined {
  return useLiveQuery(
    () => (companyId && customerId ? invoicesOfCustomer(companyId, customerId) : []),
    [companyId, customerId],
  );
}

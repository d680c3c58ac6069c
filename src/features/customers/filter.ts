// The customer list's search and filters, in memory: the list holds the company's customers
// (10,000 fit easily), so typing filters without a database round trip.
import {
  compactIdentifier,
  normalizePhone,
  type IdentificationType,
} from '../../../domain/schemas/customer';
import type { LocalCustomer, RecordSyncState } from '../../db/db';

export interface CustomerFilter {
  search?: string | undefined;
  type?: IdentificationType | undefined;
  sync?: RecordSyncState | undefined;
}

/**
 * Every word must appear in the name, identification number, phone, email or VAT number. A
 * number typed the way people write it ("0712 345 678", "123-456-789") matches as stored.
 */
export function customerMatcher(search: string): (customer: LocalCustomer) => boolean {
  const text = search.trim().toLowerCase();
  if (!text) return () => true;
  const words = text.split(/\s+/);
  const compact = compactIdentifier(text).toLowerCase();
  const phone = /\d/.test(text) ? normalizePhone(text) : '';
  return (customer) =>
    words.every((word) => customer.searchText.includes(word)) ||
    (compact.length > 2 && customer.searchText.includes(compact)) ||
    (phone.length > 2 && customer.searchText.includes(phone));
}

export function filterCustomers(
  customers: readonly LocalCustomer[],
  filter: CustomerFilter,
): LocalCustomer[] {
  const matches = customerMatcher(filter.search ?? '');
  return customers.filter(
    (customer) =>
      (!filter.type || customer.identificationType === filter.type) &&
      (!filter.sync || customer.syncState === filter.sync) &&
      matches(customer),
  );
}

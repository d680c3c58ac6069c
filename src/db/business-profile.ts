// The business header of the company's receipts, as registered with TRA (spec/tra-vfd.md "What a
// legal receipt shows"), kept on the device so receipts print the same without a connection.
import { db } from './db';

export interface BusinessProfile {
  companyId: string;
  name: string;
  address: string;
  mobile: string;
  tin: string;
  /** "NOT REGISTERED" when the business has no VAT number. */
  vrn: string | null;
  serial: string;
  uin: string | null;
  taxOffice: string | null;
  /** Whether the header comes from TRA's registration answer (else from the company record). */
  registered: boolean;
  fetchedAt: number;
}

const key = (companyId: string) => `businessProfile:${companyId}`;

export async function readBusinessProfile(companyId: string): Promise<BusinessProfile | null> {
  return ((await db.meta.get(key(companyId)))?.value as BusinessProfile | undefined) ?? null;
}

export async function keepBusinessProfile(profile: BusinessProfile): Promise<void> {
  await db.meta.put({ key: key(profile.companyId), value: profile });
}

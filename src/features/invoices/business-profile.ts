// The receipt header: the business as TRA registered it (GET …/companies/{id}/vfd), or, before
// registration, as the company record has it (a pro forma only). Fetched when the server
// answers and kept on the device, so receipts print the same offline.
import { api } from '../../api/client';
import { keepBusinessProfile, type BusinessProfile } from '../../db/business-profile';

interface CompanyRecord {
  id: string;
  name: string;
  tin: string;
  vrn: string | null;
  phone: string;
  address: string;
  serial: string;
}

interface VfdSummary {
  status: 'unregistered' | 'registered' | 'inactive';
  registration?: Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The header from TRA's registration answer, or the company record when there is none. */
export function businessProfileOf(
  company: CompanyRecord,
  vfd: VfdSummary | null,
  now = Date.now(),
): BusinessProfile {
  const reg = vfd?.status !== 'unregistered' ? vfd?.registration : undefined;
  if (reg && text(reg.NAME)) {
    const address = [reg.ADDRESS, reg.STREET, reg.CITY, reg.COUNTRY]
      .map(text)
      .filter((part, index, all): part is string => part !== null && all.indexOf(part) === index)
      .join(', ');
    return {
      companyId: company.id,
      name: text(reg.NAME)!,
      address,
      mobile: text(reg.MOBILE) ?? company.phone,
      tin: text(reg.TIN) ?? company.tin,
      vrn: text(reg.VRN),
      serial: text(reg.SERIAL) ?? company.serial,
      uin: text(reg.UIN),
      taxOffice: text(reg.TAXOFFICE),
      registered: true,
      fetchedAt: now,
    };
  }
  return {
    companyId: company.id,
    name: company.name,
    address: company.address,
    mobile: company.phone,
    tin: company.tin,
    vrn: company.vrn,
    serial: company.serial,
    uin: null,
    taxOffice: null,
    registered: false,
    fetchedAt: now,
  };
}

/** Fetches and keeps the header; resolves false when the server could not be asked. */
export async function refreshBusinessProfile(companyId: string): Promise<boolean> {
  try {
    const company = await api.get(`v1/accounting/companies/${companyId}`).json<CompanyRecord>();
    const vfd = await api
      .get(`v1/accounting/companies/${companyId}/vfd`)
      .json<VfdSummary>()
      .catch(() => null);
    await keepBusinessProfile(businessProfileOf(company, vfd));
    return true;
  } catch {
    return false;
  }
}

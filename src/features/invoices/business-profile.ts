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

/**
 * "Plot 1, Kariakoo, DAR ES SALAAM": the parts an earlier part does not already contain, the way
 * the server's PDF and public receipt write the address.
 */
function joinAddress(parts: Array<string | null>): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    if (kept.some((k) => k.toLowerCase().includes(part.toLowerCase()))) continue;
    kept.push(part);
  }
  return kept.join(', ');
}

/** The header from TRA's registration answer, or the company record when there is none. */
export function businessProfileOf(
  company: CompanyRecord,
  vfd: VfdSummary | null,
  now = Date.now(),
): BusinessProfile {
  const reg = vfd?.status !== 'unregistered' ? vfd?.registration : undefined;
  if (reg && text(reg.NAME)) {
    const address = joinAddress([
      text(reg.ADDRESS) ?? company.address,
      text(reg.STREET),
      text(reg.CITY),
    ]);
    const vrn = text(reg.VRN);
    return {
      companyId: company.id,
      name: text(reg.NAME)!,
      address,
      mobile: text(reg.MOBILE) ?? company.phone,
      tin: text(reg.TIN) ?? company.tin,
      vrn: vrn && !/^not\s+registered$/i.test(vrn) ? vrn : null,
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

// Invoice test data: a company registered with the TRA simulator and its people, and invoice
// bodies as the app sends them (amounts in cents, quantities in units).
import crypto from 'node:crypto';
import { createUser } from './factories';
import type { FiscalEnv } from './fiscal';
import { tokenFor } from './session';

export interface InvoiceShop {
  companyId: string;
  serial: string;
  receiptCode: string;
  name: string;
  operatorId: string;
  /** The operator's bearer token. */
  token: string;
  ownerToken: string;
}

/** A company whose VFD is registered with the simulator, with an operator and an owner. */
export async function invoiceShop(env: FiscalEnv): Promise<InvoiceShop> {
  const company = await env.company();
  const people = { companyId: company.id, organizationId: company.organizationId };
  const operator = await createUser(env.deps.db, 'operator', people);
  const owner = await createUser(env.deps.db, 'company_owner', people);
  return {
    companyId: company.id,
    serial: company.serial,
    receiptCode: company.receiptCode,
    name: company.name,
    operatorId: operator.id,
    token: await tokenFor(env.server, operator),
    ownerToken: await tokenFor(env.server, owner),
  };
}

export interface ItemInput {
  description?: string;
  quantity?: number;
  unitPrice: number;
  taxType?: 'standard' | 'zero_rated' | 'special_relief' | 'exempted';
  discountPercent?: number;
  productId?: string | null;
}

/** A draft body with sensible defaults: one standard-rated line of Tsh 2,950 paid in cash. */
export function invoiceBody(
  overrides: Record<string, unknown> & { items?: ItemInput[] } = {},
): Record<string, unknown> {
  const { items, ...rest } = overrides;
  return {
    id: crypto.randomUUID(),
    customer: {
      name: 'Juma Hamisi',
      identificationType: 'NO_IDENTIFICATION',
      phoneNumber: '0712345678',
      email: 'juma@example.co.tz',
    },
    amountsIncludeTax: true,
    items: (items ?? [{ unitPrice: 295_000 }]).map((item, index) => ({
      id: crypto.randomUUID(),
      description: item.description ?? `Bidhaa ${index + 1}`,
      quantity: item.quantity ?? 1,
      unitPrice: item.unitPrice,
      taxType: item.taxType ?? 'standard',
      discountPercent: item.discountPercent ?? 0,
      productId: item.productId ?? null,
    })),
    payments: [],
    ...rest,
  };
}

export const submitHeaders = (key: string = crypto.randomUUID()) => ({ 'Idempotency-Key': key });

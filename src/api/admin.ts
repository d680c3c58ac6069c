// Calls of the administration screens: organizations, companies (with their certificate and VFD
// state), operators, registration requests, product updates and payment (the tax tips' calls
// are src/api/tax-tips.ts, which the public /tax-tips page loads). The shapes
// mirror the server's answers.
import type { Locale } from '../../domain/i18n';
import type { Cents } from '../../domain/money';
import type { UserStatus } from '../../domain/roles';
import type { CompanyInput } from '../../domain/schemas/company';
import type { ProductUpdateInput } from '../../domain/schemas/content';
import type { OrganizationInput } from '../../domain/schemas/organization';
import type { PaymentInstructions } from '../../domain/schemas/payment';
import type { ConversionInput, RegistrationInput } from '../../domain/schemas/registration';
import type { OperatorInput, OperatorType } from '../../domain/schemas/user';
import { api, publicApi } from './client';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Organization extends OrganizationInput {
  id: string;
  active: boolean;
  createdAt: string;
}

export interface Company {
  id: string;
  organizationId: string;
  name: string;
  tin: string;
  vrn: string | null;
  email: string;
  phone: string;
  address: string;
  serial: string;
  active: boolean;
  blockedByTra: boolean;
  paidUntil: string | null;
  vfd: {
    status: 'unregistered' | 'registered' | 'inactive';
    registeredAt: string | null;
    certificateExpiresAt: string | null;
  };
}

export interface VfdState {
  status: 'unregistered' | 'registered' | 'inactive';
  blockedByTra: boolean;
  certificate?: { subject: string; notAfter: string; uploadedAt: string; serial: string };
  registration?: { registeredAt: string; RECEIPTCODE?: string; SERIAL?: string };
  queue?: { pending: number; overdue: number; accepted: number; rejected: number };
  lastReceipt?: {
    number: number;
    verificationCode: string;
    issuedAt: string;
    traStatus: 'pending' | 'accepted' | 'rejected';
  } | null;
  lastZReport?: { date: string; status: 'pending' | 'accepted' | 'rejected' } | null;
}

export type CertificateOutcome =
  | { status: 'none' | 'installed' }
  | {
      status: 'failed';
      code: string;
      message: string;
      reason: string;
      fields?: Record<string, string>;
    };

export interface Operator {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  mobile: string | null;
  userType: OperatorType;
  status: UserStatus;
  entranceDay: string;
  organizationId: string;
  companyId: string;
  companyName: string;
  invitationPending: boolean;
}

export interface OperatorSaved {
  operator: Operator;
  invitation?: 'sent' | 'failed';
}

export interface PotentialClient {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  tin: string;
  promoCode: string | null;
  language: Locale;
  status: 'new' | 'converted' | 'dismissed';
  companyId: string | null;
  emailRegistered: boolean;
  createdAt: string;
}

export interface ProductUpdate extends ProductUpdateInput {
  id: string;
  publishedAt: string;
}

interface PriceLine {
  net: Cents;
  vat: Cents;
  total: Cents;
}

export interface Payment {
  prices: { subscription: PriceLine; installation: PriceLine; firstYear: PriceLine };
  company: { id: string; name: string; paidUntil: string | null } | null;
  instructions: PaymentInstructions | null;
}

const query = (values: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
};

export const fetchOrganizations = (filter: { search?: string; offset?: number }) =>
  api
    .get('v1/accounting/organizations', { searchParams: query({ ...filter, limit: 50 }) })
    .json<Page<Organization>>();
export const createOrganization = (input: OrganizationInput) =>
  api.post('v1/accounting/organizations', { json: input }).json<Organization>();
export const updateOrganization = (id: string, input: OrganizationInput) =>
  api.put(`v1/accounting/organizations/${id}`, { json: input }).json<Organization>();
export const setOrganizationActive = (id: string, active: boolean) =>
  api
    .post(`v1/accounting/organizations/${id}/${active ? 'enable' : 'disable'}`)
    .json<Organization>();

export const fetchCompanies = (filter: {
  search?: string;
  organizationId?: string;
  offset?: number;
}) =>
  api
    .get('v1/accounting/companies', {
      searchParams: query({ ...filter, limit: 50 }),
    })
    .json<Page<Company>>();
export const fetchCompany = (id: string) =>
  api.get(`v1/accounting/companies/${id}`).json<Company>();
export const fetchVfd = (id: string) =>
  api.get(`v1/accounting/companies/${id}/vfd`).json<VfdState>();
export const setCompanyActive = (id: string, active: boolean) =>
  api.post(`v1/accounting/companies/${id}/${active ? 'enable' : 'disable'}`).json<Company>();
export const updateCompany = (id: string, input: CompanyInput) =>
  api.put(`v1/accounting/companies/${id}`, { json: input }).json<Company>();
export const setPaidUntil = (id: string, paidUntil: string | null) =>
  api.put(`v1/accounting/companies/${id}/paid-until`, { json: { paidUntil } }).json<Company>();

/** A certificate as the forms send it. */
export interface CertificateFile {
  file: File;
  password: string;
}

function withCertificate(data: unknown, certificate: CertificateFile | null): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (certificate) {
    form.append('file', certificate.file);
    form.append('password', certificate.password);
  }
  return form;
}

export const createCompanyWithCertificate = (
  input: CompanyInput,
  certificate: CertificateFile | null,
) =>
  api
    .post('v1/accounting/companies/with-certificate', {
      body: withCertificate(input, certificate),
      timeout: 60_000,
    })
    .json<{ company: Company; certificate: CertificateOutcome }>();

export const replaceCertificate = (id: string, certificate: CertificateFile) => {
  const form = new FormData();
  form.append('file', certificate.file);
  form.append('password', certificate.password);
  return api
    .put(`v1/accounting/companies/${id}/certificate`, { body: form, timeout: 60_000 })
    .json<VfdState>();
};

export const fetchOperators = (filter: {
  companyId?: string | undefined;
  search?: string | undefined;
  status?: UserStatus | undefined;
  offset?: number;
}) =>
  api
    .get('v1/accounting/operators', { searchParams: query({ ...filter, limit: 100 }) })
    .json<Page<Operator>>();
export const createOperator = (input: OperatorInput) =>
  api.post('v1/accounting/operators', { json: input }).json<OperatorSaved>();
export const updateOperator = (id: string, input: OperatorInput) =>
  api.put(`v1/accounting/operators/${id}`, { json: input }).json<Operator>();
export const setOperatorStatus = (id: string, status: UserStatus) =>
  api.post(`v1/accounting/operators/${id}/status`, { json: { status } }).json<Operator>();
export const reinviteOperator = (id: string) =>
  api.post(`v1/accounting/operators/${id}/invitation`).json<OperatorSaved>();

export const registerPublicly = (input: RegistrationInput) =>
  publicApi.post('v1/accounting/registrations', { json: input }).json<{ received: true }>();
export const enterPotentialClient = (input: RegistrationInput) =>
  api
    .post('v1/accounting/potential-clients', { json: input })
    .json<{ received: true; id?: string }>();
export const fetchPotentialClients = (filter: {
  status?: string;
  search?: string;
  offset?: number;
}) =>
  api
    .get('v1/accounting/potential-clients', { searchParams: query({ ...filter, limit: 50 }) })
    .json<Page<PotentialClient>>();
export const fetchPotentialClient = (id: string) =>
  api.get(`v1/accounting/potential-clients/${id}`).json<PotentialClient>();
export const dismissPotentialClient = (id: string) =>
  api.post(`v1/accounting/potential-clients/${id}/dismiss`).json<PotentialClient>();
export const convertPotentialClient = (
  id: string,
  input: ConversionInput,
  certificate: CertificateFile | null,
) =>
  api
    .post(`v1/accounting/potential-clients/${id}/convert`, {
      body: withCertificate(input, certificate),
      timeout: 60_000,
    })
    .json<{
      company: Company;
      owner: { id: string; username: string; email: string };
      invitation: 'sent' | 'failed';
      certificate: CertificateOutcome;
    }>();

export const fetchProductUpdates = (filter: { offset?: number }) =>
  api
    .get('v1/accounting/product-updates', { searchParams: query({ ...filter, limit: 20 }) })
    .json<Page<ProductUpdate>>();
export const publishProductUpdate = (input: ProductUpdateInput) =>
  api.post('v1/accounting/product-updates', { json: input }).json<ProductUpdate>();
export const editProductUpdate = (id: string, input: ProductUpdateInput) =>
  api.put(`v1/accounting/product-updates/${id}`, { json: input }).json<ProductUpdate>();
export const deleteProductUpdate = (id: string) =>
  api.delete(`v1/accounting/product-updates/${id}`);

export const fetchPayment = (companyId: string | null) =>
  api.get('v1/accounting/payment', { searchParams: query({ companyId }) }).json<Payment>();
export const savePaymentInstructions = (input: PaymentInstructions) =>
  api.put('v1/accounting/payment/instructions', { json: input }).json<PaymentInstructions>();

export interface ReceiptCopy {
  invoiceId: string;
  companyId: string;
  companyName: string;
  receiptNumber: number;
  verificationCode: string;
  date: string;
  time: string;
  customerName: string;
  totalIncludingTax: Cents;
  publicId: string;
  traStatus: 'pending' | 'accepted' | 'rejected';
  traMessage: string | null;
  attempts: number;
}

/** A page of receipts, newest first, each with an id of its own (company and invoice). */
export const findReceiptCopies = async (filter: {
  q?: string;
  from?: string;
  to?: string;
  status?: ReceiptCopy['traStatus'] | undefined;
  offset?: number;
}) => {
  const page = await api
    .get('v1/accounting/receipt-copies', { searchParams: query({ ...filter, limit: 50 }) })
    .json<{ items: ReceiptCopy[]; more: boolean }>();
  const items = page.items.map((item) => ({ ...item, id: `${item.companyId}/${item.invoiceId}` }));
  return { items, more: page.more };
};
/** Invoice ids are unique within their company: the receipt is named by both. */
type ReceiptCopyRef = Pick<ReceiptCopy, 'invoiceId' | 'companyId'>;
export const receiptCopyPdf = (receipt: ReceiptCopyRef, layout: 'a4' | '80mm' | '58mm') =>
  api
    .get(`v1/accounting/receipt-copies/${receipt.invoiceId}/pdf`, {
      searchParams: { layout, companyId: receipt.companyId },
    })
    .blob();
export const emailReceiptCopy = (receipt: ReceiptCopyRef, to: string) =>
  api
    .post(`v1/accounting/receipt-copies/${receipt.invoiceId}/email`, {
      searchParams: { companyId: receipt.companyId },
      json: { to },
    })
    .json<{ to: string }>();

// The report endpoints (/v1/accounting/reports): the sales report and its downloads, the Z
// reports of a period, the dashboard's figures and invoices across companies.
import type {
  SalesReport,
  SalesTotals,
  RankedCustomer,
  RankedProduct,
} from '../../domain/sales-report';
import type { InvoiceStatus } from '../../domain/invoice-status';
import { api } from './client';

export type Query = Record<string, string | undefined>;

const params = (query: Query): Record<string, string> =>
  Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => !!e[1]));

export interface ServerSalesReport extends SalesReport {
  companyId: string;
  generatedAt: string;
}

export const fetchSalesReport = (query: Query, signal?: AbortSignal) =>
  api
    .get('v1/accounting/reports/sales', { searchParams: params(query), signal })
    .json<ServerSalesReport>();

export interface ZReportItem {
  id: string;
  date: string;
  znumber: string;
  tickets: number;
  dailyTotal: number;
  status: 'pending' | 'accepted' | 'rejected';
  traMessage: string | null;
  acknowledgedAt: string | null;
}

export const fetchZReports = (query: Query, signal?: AbortSignal) =>
  api
    .get('v1/accounting/reports/z-reports', { searchParams: params(query), signal })
    .json<{ items: ZReportItem[]; firstDay: string; lastDay: string }>();

export interface DashboardAnswer {
  company: { id: string; name: string; tin: string };
  generatedAt: string;
  period: { firstDay: string; lastDay: string };
  previousPeriod: { firstDay: string; lastDay: string };
  current: SalesTotals;
  previous: SalesTotals;
  days: Array<{ date: string; receipts: number; totalIncl: number; tax: number }>;
  products: RankedProduct[];
  customers: RankedCustomer[];
  vfd: {
    status: 'unregistered' | 'registered' | 'inactive';
    blockedByTra: boolean;
    queue: {
      pending: number;
      overdue: number;
      rejected: number;
      oldestPendingAt: string | null;
    } | null;
  };
  rejected: Array<{
    invoiceId: string;
    receiptNumber: number;
    date: string;
    totalIncl: number;
    customerName: string;
    message: string | null;
  }>;
  lastZReport: ZReportItem | null;
}

export const fetchDashboard = (query: Query, signal?: AbortSignal) =>
  api
    .get('v1/accounting/reports/dashboard', { searchParams: params(query), signal })
    .json<DashboardAnswer>();

export interface CompanyLine {
  company: { id: string; name: string; tin: string; active: boolean; blockedByTra: boolean };
  current: SalesTotals;
  previous: SalesTotals;
  pending: number;
  rejected: number;
  vfdStatus: 'unregistered' | 'registered' | 'inactive';
  lastZReport: ZReportItem | null;
}

export interface CompaniesAnswer {
  generatedAt: string;
  period: { firstDay: string; lastDay: string };
  previousPeriod: { firstDay: string; lastDay: string };
  items: CompanyLine[];
  total: number;
}

export const fetchCompaniesDashboard = (query: Query, signal?: AbortSignal) =>
  api
    .get('v1/accounting/reports/companies', { searchParams: params(query), signal })
    .json<CompaniesAnswer>();

export interface InvoicesReportItem {
  id: string;
  companyId: string;
  companyName: string;
  date: string;
  status: InvoiceStatus;
  receiptNumber: number | null;
  verificationCode: string | null;
  customerName: string;
  operatorName: string | null;
  totalIncludingTax: number;
  traStatus: 'pending' | 'accepted' | 'rejected' | null;
  traMessage: string | null;
}

export interface InvoicesReportAnswer {
  items: InvoicesReportItem[];
  cursor: string | null;
  counts: Array<{
    status: InvoiceStatus;
    traStatus: InvoicesReportItem['traStatus'];
    count: number;
  }>;
}

export const fetchInvoicesReport = (query: Query, signal?: AbortSignal) =>
  api
    .get('v1/accounting/reports/invoices', { searchParams: params(query), signal })
    .json<InvoicesReportAnswer>();

/** A download (Excel, PDF, XML) as a file: the path under the API and its query. */
export async function downloadReport(path: string, query: Query): Promise<Blob> {
  return api
    .get(`v1/accounting/reports/${path}`, { searchParams: params(query), timeout: 120_000 })
    .blob();
}

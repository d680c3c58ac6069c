// The sales on this phone, for the reports it computes itself (short periods, and any period
// while the server cannot be reached): the company's numbered receipts of a period, read from
// the invoices' status index, and what is still waiting. Reads only.
import { useLiveQuery } from 'dexie-react-hooks';
import {
  aggregateSales,
  saleOf,
  type Sale,
  type SalesFilter,
  type SalesReport,
} from '../../domain/sales-report';
import { lastSyncKey } from '../sync/entities';
import { db, type LocalInvoice } from './db';

async function invoicesOfPeriod(
  companyId: string,
  status: 'submitted' | 'issued',
  firstDay: string,
  lastDay: string,
): Promise<LocalInvoice[]> {
  return db.invoices
    .where('[companyId+status+sortKey]')
    .between([companyId, status, firstDay], [companyId, status, `${lastDay}\uffff`])
    .toArray();
}

/** The company's receipts of the period on this phone (numbered by the server). */
export async function localSales(
  companyId: string,
  firstDay: string,
  lastDay: string,
): Promise<Sale[]> {
  const [submitted, issued] = await Promise.all([
    invoicesOfPeriod(companyId, 'submitted', firstDay, lastDay),
    invoicesOfPeriod(companyId, 'issued', firstDay, lastDay),
  ]);
  return [...submitted, ...issued].flatMap((invoice) => saleOf(invoice) ?? []);
}

/** The report of the period from this phone's invoices; follows every change. */
export function useLocalSalesReport(
  companyId: string | null,
  period: { firstDay: string; lastDay: string } | null,
  filter: SalesFilter,
): SalesReport | undefined {
  const key = JSON.stringify(filter);
  return useLiveQuery(async () => {
    if (!companyId || !period) return undefined;
    const sales = await localSales(companyId, period.firstDay, period.lastDay);
    return aggregateSales(sales, period, JSON.parse(key) as SalesFilter);
  }, [companyId, period?.firstDay, period?.lastDay, key]);
}

export interface CounterState {
  /** Drafts not yet submitted. */
  drafts: number;
  /** Submitted on this phone and not yet numbered by the server (no connection). */
  unnumbered: number;
  /** Numbered, waiting for TRA's answer. */
  waitingForTra: number;
  /** The newest invoices, newest first. */
  latest: LocalInvoice[];
}

const LATEST = 5;

/** What waits at the counter, live. */
export function useCounterState(companyId: string | null): CounterState | undefined {
  return useLiveQuery(async () => {
    if (!companyId) return undefined;
    const drafts = await db.invoices
      .where('[companyId+status+sortKey]')
      .between([companyId, 'draft', ''], [companyId, 'draft', '\uffff'])
      .count();
    const submitted = await db.invoices
      .where('[companyId+status+sortKey]')
      .between([companyId, 'submitted', ''], [companyId, 'submitted', '\uffff'])
      .toArray();
    const latest = await db.invoices
      .where('[companyId+sortKey]')
      .between([companyId, ''], [companyId, '\uffff'])
      .reverse()
      .limit(LATEST)
      .toArray();
    return {
      drafts,
      unnumbered: submitted.filter((invoice) => !invoice.fiscal).length,
      waitingForTra: submitted.filter((invoice) => invoice.fiscal).length,
      latest,
    };
  }, [companyId]);
}

/** When this phone last finished a sync with the server (ms), null before the first. */
export function useLastSyncAt(companyId: string | null): number | null | undefined {
  return useLiveQuery(async () => {
    if (!companyId) return null;
    const row = await db.meta.get(lastSyncKey(companyId));
    return typeof row?.value === 'number' ? row.value : null;
  }, [companyId]);
}

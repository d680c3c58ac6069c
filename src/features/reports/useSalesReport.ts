// Where a sales report comes from. A short period of the user's own company is computed on the
// phone from its own invoices (instant, and works offline); a long one is asked of the server,
// which sums it in SQL. If the server cannot be reached, the user's own company falls back to
// the phone's figures, and the page says so. Both give the same figures to the cent.
import { useEffect, useState } from 'react';
import { HTTPError } from 'ky';
import { daysBetween, type SalesFilter, type SalesReport } from '../../../domain/sales-report';
import type { ErrorBody } from '../../../domain/errors';
import { fetchSalesReport } from '../../api/reports';
import { useLastSyncAt, useLocalSalesReport } from '../../db/sales';
import { periodQuery, type Period } from './period';

/** Periods up to a month are computed on the phone. */
export const PHONE_MAX_DAYS = 31;

export type ReportSource =
  { kind: 'phone'; lastSyncAt: number | null; offline: boolean } | { kind: 'server'; at: number };

export interface SalesReportState {
  report: SalesReport | undefined;
  source: ReportSource | null;
  /** The server's refusal (a bad period, no permission), in the user's language. */
  error: string | null;
  loading: boolean;
}

export function useSalesReport(
  companyId: string | null,
  /** The company this phone holds the invoices of (the user's own), if any. */
  phoneCompanyId: string | null,
  period: Period | null,
  filter: SalesFilter,
): SalesReportState {
  const own = companyId !== null && companyId === phoneCompanyId;
  const short =
    period !== null && daysBetween(period.firstDay, period.lastDay).length <= PHONE_MAX_DAYS;
  const [server, setServer] = useState<{ key: string; report: SalesReport; at: number } | null>(
    null,
  );
  const [failure, setFailure] = useState<{
    key: string;
    offline: boolean;
    message: string | null;
  } | null>(null);
  const key = JSON.stringify([companyId, period, filter]);
  const askServer = companyId !== null && period !== null && !(own && short);

  useEffect(() => {
    if (!askServer || !period) return;
    const controller = new AbortController();
    const query = { ...periodQuery(period, own ? undefined : companyId), ...filter };
    fetchSalesReport(query, controller.signal).then(
      (answer) => setServer({ key, report: answer, at: Date.parse(answer.generatedAt) }),
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HTTPError) {
          const body = (await error.response.json().catch(() => null)) as ErrorBody | null;
          const message = body?.fields ? Object.values(body.fields)[0] : body?.message;
          setFailure({ key, offline: false, message: message ?? null });
        } else {
          setFailure({ key, offline: true, message: null });
        }
      },
    );
    return () => controller.abort();
    // The key carries the company, the period and the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askServer, key]);

  const failed = failure?.key === key ? failure : null;
  const usePhone = own && period !== null && (!askServer || failed?.offline === true);
  const local = useLocalSalesReport(usePhone ? companyId : null, usePhone ? period : null, filter);
  const lastSyncAt = useLastSyncAt(usePhone ? companyId : null);

  if (usePhone) {
    return {
      report: local,
      source: { kind: 'phone', lastSyncAt: lastSyncAt ?? null, offline: failed?.offline === true },
      error: null,
      loading: local === undefined,
    };
  }
  const answer = server?.key === key ? server : null;
  return {
    report: answer?.report,
    source: answer ? { kind: 'server', at: answer.at } : null,
    error: failed ? (failed.message ?? null) : null,
    loading: !answer && !failed,
  };
}

// The owner's dashboard figures: asked of the server, kept on the phone with the time the
// server made them, and shown from that copy (saying how old it is) when the server cannot be
// reached. With no copy yet, the user's own company falls back to this phone's invoices for
// sales and VAT (TRA's and the VFD's state are then unknown).
import { useEffect, useMemo, useState } from 'react';
import { presetRange } from '../../../domain/date-range';
import { eatDate } from '../../../domain/dates';
import { previousPeriod, type SalesFilter } from '../../../domain/sales-report';
import { fetchDashboard, type DashboardAnswer } from '../../api/reports';
import { cachedAnswer, keepAnswer } from '../../db/report-cache';
import { useLastSyncAt, useLocalSalesReport } from '../../db/sales';
import type { DashboardPreset } from './DashboardPeriod';

export type DashboardFigures = Pick<
  DashboardAnswer,
  'period' | 'previousPeriod' | 'current' | 'previous' | 'days' | 'products' | 'customers'
> &
  Partial<Pick<DashboardAnswer, 'vfd' | 'rejected' | 'lastZReport'>>;

export type DashboardSource =
  | { kind: 'server'; at: number }
  | { kind: 'copy'; at: number }
  | { kind: 'phone'; lastSyncAt: number | null };

const NO_FILTER: SalesFilter = {};

export function useOwnerDashboard(
  companyId: string | null,
  preset: DashboardPreset,
  /** Whether this phone holds the company's invoices (the user's own company). */
  own: boolean,
  now: Date,
): { figures: DashboardFigures | null; source: DashboardSource | null; loading: boolean } {
  const cacheKey = `dashboard:${companyId ?? ''}:${preset}`;
  const [answer, setAnswer] = useState<{
    key: string;
    value: DashboardAnswer;
    source: DashboardSource;
  } | null>(null);
  const [unreachable, setUnreachable] = useState<string | null>(null);

  useEffect(() => {
    if (!companyId) return;
    const controller = new AbortController();
    let fresh = false;
    void cachedAnswer<DashboardAnswer>(cacheKey).then((copy) => {
      if (copy && !fresh && !controller.signal.aborted) {
        setAnswer({ key: cacheKey, value: copy.value, source: { kind: 'copy', at: copy.at } });
      }
    });
    fetchDashboard({ preset, companyId: own ? undefined : companyId }, controller.signal).then(
      (value) => {
        fresh = true;
        const at = Date.parse(value.generatedAt);
        setAnswer({ key: cacheKey, value, source: { kind: 'server', at } });
        void keepAnswer(cacheKey, value, at);
      },
      () => {
        if (!controller.signal.aborted) setUnreachable(cacheKey);
      },
    );
    return () => controller.abort();
  }, [cacheKey, companyId, own, preset]);

  const current = answer?.key === cacheKey ? answer : null;
  const phone = own && !current && unreachable === cacheKey;
  const day = eatDate(now);
  const period = useMemo(() => {
    const range = presetRange(preset, now);
    return { firstDay: range.firstDay, lastDay: range.lastDay };
    // The day is what matters, not the instant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset, day]);
  const before = useMemo(() => previousPeriod(period, day), [period, day]);
  const local = useLocalSalesReport(phone ? companyId : null, phone ? period : null, NO_FILTER);
  const localBefore = useLocalSalesReport(
    phone ? companyId : null,
    phone ? before : null,
    NO_FILTER,
  );
  const lastSyncAt = useLastSyncAt(phone ? companyId : null);

  if (current) return { figures: current.value, source: current.source, loading: false };
  if (phone && local && localBefore) {
    return {
      figures: {
        period,
        previousPeriod: before,
        current: local.totals,
        previous: localBefore.totals,
        days: local.days,
        products: local.products,
        customers: local.customers,
      },
      source: { kind: 'phone', lastSyncAt: lastSyncAt ?? null },
      loading: false,
    };
  }
  return { figures: null, source: null, loading: unreachable !== cacheKey };
}

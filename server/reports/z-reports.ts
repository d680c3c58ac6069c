// The Z reports of a period, each with the signed XML the VFD sent TRA and TRA's answer. A
// report is looked up within the company the request resolved to, so another company's report
// is "not found" exactly like one that does not exist.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { traOutbox, zReports } from '../db/schema';
import { appError } from '../http/app-error';
import { zReportView } from '../vfd/views';
import type { ZReportDocument } from './z-report-pdf';

const columns = {
  report: zReports,
  status: traOutbox.status,
  ackMessage: traOutbox.ackMessage,
  settledAt: traOutbox.settledAt,
  lastError: traOutbox.lastError,
  xml: traOutbox.body,
};

export async function zReportsOfPeriod(
  db: DbOrTx,
  companyId: string,
  firstDay: string,
  lastDay: string,
) {
  const rows = await db
    .select(columns)
    .from(zReports)
    .innerJoin(traOutbox, eq(traOutbox.id, zReports.outboxId))
    .where(
      and(
        eq(zReports.companyId, companyId),
        gte(zReports.date, firstDay),
        lte(zReports.date, lastDay),
      ),
    )
    .orderBy(asc(zReports.date));
  return rows.map((row) => ({ view: zReportView(row), document: documentOf(row) }));
}

function documentOf(row: {
  xml: string;
  status: 'pending' | 'accepted' | 'rejected';
  settledAt: Date | null;
  ackMessage: string | null;
  lastError: string | null;
}): ZReportDocument {
  return {
    xml: row.xml,
    status: row.status,
    acknowledgedAt: row.status === 'accepted' ? row.settledAt : null,
    traMessage: row.status === 'accepted' ? null : (row.ackMessage ?? row.lastError),
  };
}

export async function zReportOfCompany(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(zReports)
    .innerJoin(traOutbox, eq(traOutbox.id, zReports.outboxId))
    .where(and(eq(zReports.companyId, companyId), eq(zReports.id, id)));
  if (!row) throw appError(404, 'not_found');
  return { date: row.report.date, document: documentOf(row) };
}

// Telling a company's admins (its owner and its organization's admins) when receipts wait too
// long for TRA (by mail and push), or when TRA rejected one (by mail). Each document is
// reported once: rows are claimed with a conditional update before mailing (so two processes
// never both mail), and unclaimed again if the mail could not be sent.
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Locale, Message } from '../../domain/i18n';
import type { Deps } from '../context';
import { companies, fiscalReceipts, traOutbox, users, zReports } from '../db/schema';
import { translate } from '../i18n';
import { noticeReceiptsOverdue } from '../push/notices';

export const alertText = {
  overdueSubject: /*i18n*/ { id: 'Receipts of {company} are not yet accepted by TRA' },
  overdueIntro: /*i18n*/ {
    id: 'These receipts of {company} were issued more than {days} days ago and TRA has not accepted them yet. Risiti keeps sending them in order; please check the connection to TRA and the VFD settings.',
  },
  rejectedSubject: /*i18n*/ { id: 'TRA rejected receipts of {company}' },
  rejectedIntro: /*i18n*/ {
    id: 'TRA refused these receipts of {company}. They are set aside and the following receipts go on to TRA. Where the receipt was wrong, issue a new invoice that corrects it.',
  },
  receiptLine: /*i18n*/ {
    id: 'Receipt {number} (verification code {code}), issued {date} {time}: {message}',
  },
  zReportLine: /*i18n*/ { id: 'Z report of {date}: {message}' },
  noAnswerYet: /*i18n*/ { id: 'no answer from TRA yet' },
} satisfies Record<string, Message>;

type Kind = 'overdue' | 'rejected';

interface ClaimedRow {
  id: string;
  companyId: string;
  kind: 'receipt' | 'zreport';
  lastError: string | null;
  ackMessage: string | null;
}

async function claim(deps: Deps, kind: Kind, overdueAfterMs: number): Promise<ClaimedRow[]> {
  const now = deps.clock.now();
  const columns = {
    id: traOutbox.id,
    companyId: traOutbox.companyId,
    kind: traOutbox.kind,
    lastError: traOutbox.lastError,
    ackMessage: traOutbox.ackMessage,
  };
  if (kind === 'overdue') {
    return deps.db
      .update(traOutbox)
      .set({ overdueNotifiedAt: now })
      .where(
        and(
          eq(traOutbox.status, 'pending'),
          lte(traOutbox.createdAt, new Date(now.getTime() - overdueAfterMs)),
          isNull(traOutbox.overdueNotifiedAt),
        ),
      )
      .returning(columns);
  }
  return deps.db
    .update(traOutbox)
    .set({ rejectionNotifiedAt: now })
    .where(and(eq(traOutbox.status, 'rejected'), isNull(traOutbox.rejectionNotifiedAt)))
    .returning(columns);
}

async function unclaim(deps: Deps, kind: Kind, ids: string[]): Promise<void> {
  await deps.db
    .update(traOutbox)
    .set(kind === 'overdue' ? { overdueNotifiedAt: null } : { rejectionNotifiedAt: null })
    .where(inArray(traOutbox.id, ids));
}

/** Sends the mails due now; returns how many documents were reported. */
export async function sendTraAlerts(deps: Deps, overdueAfterMs: number): Promise<number> {
  let reported = 0;
  for (const kind of ['overdue', 'rejected'] as const) {
    const rows = await claim(deps, kind, overdueAfterMs);
    const byCompany = new Map<string, ClaimedRow[]>();
    for (const row of rows)
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    for (const [companyId, items] of byCompany) {
      try {
        await mailCompany(deps, kind, companyId, items, overdueAfterMs);
        reported += items.length;
      } catch (error) {
        deps.log.error('Could not mail a TRA alert', { companyId, kind, error: String(error) });
        await unclaim(
          deps,
          kind,
          items.map((i) => i.id),
        );
      }
    }
  }
  return reported;
}

async function mailCompany(
  deps: Deps,
  kind: Kind,
  companyId: string,
  items: ClaimedRow[],
  overdueAfterMs: number,
): Promise<void> {
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return;
  const recipients = await deps.db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(
          and(eq(users.role, 'company_owner'), eq(users.companyId, companyId)),
          and(eq(users.role, 'org_admin'), eq(users.organizationId, company.organizationId)),
        ),
      ),
    );
  if (recipients.length === 0) {
    deps.log.info('No admin to tell about TRA receipts', { companyId, kind, count: items.length });
    return;
  }
  const ids = items.map((i) => i.id);
  const receipts = await deps.db
    .select()
    .from(fiscalReceipts)
    .where(inArray(fiscalReceipts.outboxId, ids));
  const reports = await deps.db.select().from(zReports).where(inArray(zReports.outboxId, ids));
  const receiptOf = new Map(receipts.map((r) => [r.outboxId, r]));
  const reportOf = new Map(reports.map((r) => [r.outboxId, r]));
  const days = Math.round(overdueAfterMs / 86_400_000);

  for (const recipient of recipients) {
    const locale: Locale = recipient.language;
    const lines = items.map((item) => {
      const message =
        (kind === 'rejected' ? item.ackMessage : item.lastError) ??
        translate(locale, alertText.noAnswerYet);
      const receipt = receiptOf.get(item.id);
      if (receipt) {
        return translate(locale, alertText.receiptLine, {
          number: receipt.gc,
          code: receipt.rctvnum,
          date: receipt.date,
          time: receipt.time,
          message,
        });
      }
      return translate(locale, alertText.zReportLine, {
        date: reportOf.get(item.id)?.date ?? '',
        message,
      });
    });
    const values = { company: company.name, days };
    const subject = translate(
      locale,
      kind === 'overdue' ? alertText.overdueSubject : alertText.rejectedSubject,
      values,
    );
    const intro = translate(
      locale,
      kind === 'overdue' ? alertText.overdueIntro : alertText.rejectedIntro,
      values,
    );
    await deps.mailer.send({
      to: recipient.email,
      subject,
      text: `${intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n`,
    });
  }
  // Receipts stuck on the way to TRA are also pushed to the admins' phones (a refusal is pushed
  // as TRA answers, server/push/notices.ts).
  if (kind === 'overdue') {
    await noticeReceiptsOverdue(deps.db, {
      to: recipients.map((recipient) => recipient.id),
      company: company.name,
      count: items.length,
      days,
      at: deps.clock.now(),
    });
  }
}

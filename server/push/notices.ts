// What the server tells people by push, and to whom. Each is queued in the transaction of its
// event (server/push/service.ts queuePush) and written in the user's language when sent.
import { and, eq } from 'drizzle-orm';
import type { Message } from '../../domain/i18n';
import type { DbOrTx, Tx } from '../db/client';
import { users } from '../db/schema';
import { queuePush } from './service';

const text = {
  refusedTitle: /*i18n*/ { id: 'TRA refused a receipt' },
  refused: /*i18n*/ {
    id: 'The receipt of {customer} was refused: {reason}. Open the invoice to correct it.',
  },
  refusedNoReason: /*i18n*/ {
    id: 'The receipt of {customer} was refused. Open the invoice to see why and correct it.',
  },
  overdueTitle: /*i18n*/ {
    id: '{count, plural, one {A receipt of {company} waits for TRA} other {# receipts of {company} wait for TRA}}',
  },
  overdue: /*i18n*/ {
    id: '{count, plural, one {TRA has not accepted it} other {TRA has not accepted them}} for more than {days} days. Open the dashboard to check the VFD and the connection.',
  },
  receiptReadTitle: /*i18n*/ { id: 'A receipt was read' },
  receiptRead: /*i18n*/ {
    id: 'The receipt of {vendor} for {total} is in your expenses. Open it to check it.',
  },
  receiptNotReadTitle: /*i18n*/ { id: 'A receipt could not be read' },
  receiptNotRead: /*i18n*/ {
    id: 'Receipt {code} is saved, but TRA did not give it. Open it to correct the code or time, or to enter the expense by hand.',
  },
  insightsReadyTitle: /*i18n*/ { id: 'Your business insights are ready' },
  insightsReady: /*i18n*/ { id: 'Open the dashboard to read what stands out in your figures.' },
  insightsFailedTitle: /*i18n*/ { id: 'The business insights could not be made' },
  insightsFailed: /*i18n*/ { id: 'Open the dashboard to try again.' },
} satisfies Record<string, Message>;

/**
 * Work that ends this long after it was asked for (a receipt's reading, insights) is told by
 * push: the person has likely left its screen. Work that ends sooner is seen there.
 */
export const LONG_WAIT_NOTICE_MS = 20_000;

const waitedLong = (event: { askedAt: Date; at: Date }) =>
  event.at.getTime() - event.askedAt.getTime() >= LONG_WAIT_NOTICE_MS;

/** A receipt TRA refused: its company's owners and the operator who issued it. */
export async function noticeReceiptRefused(
  tx: Tx,
  event: {
    companyId: string;
    invoiceId: string;
    operatorId: string | null;
    customer: string;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, event.companyId),
        eq(users.role, 'company_owner'),
        eq(users.status, 'active'),
      ),
    );
  const to = owners.map((owner) => owner.id);
  if (event.operatorId) to.push(event.operatorId);
  await queuePush(
    tx,
    to,
    {
      title: text.refusedTitle,
      body: event.reason ? text.refused : text.refusedNoReason,
      values: { customer: event.customer, reason: event.reason?.slice(0, 200) ?? '' },
      url: `/edit-invoice/${event.invoiceId}`,
      tag: `refused-${event.invoiceId}`,
    },
    event.at,
  );
}

/** Receipts waiting for TRA past the overdue time: the admins the alert mail goes to. */
export async function noticeReceiptsOverdue(
  db: DbOrTx,
  event: { to: string[]; company: string; count: number; days: number; at: Date },
): Promise<void> {
  await queuePush(
    db,
    event.to,
    {
      title: text.overdueTitle,
      body: text.overdue,
      values: { company: event.company, count: event.count, days: event.days },
      url: '/dashboard',
      tag: 'tra-overdue',
    },
    event.at,
  );
}

/** A scanned receipt's reading ended, read or not: the person who gave its code. */
export async function noticeReceiptLookup(
  tx: Tx,
  event: {
    expenseId: string;
    to: string | null;
    /** When the code was given (the lookup was queued). */
    askedAt: Date;
    at: Date;
  } & ({ read: true; vendor: string; total: string } | { read: false; code: string }),
): Promise<void> {
  if (!event.to || !waitedLong(event)) return;
  await queuePush(
    tx,
    [event.to],
    event.read
      ? {
          title: text.receiptReadTitle,
          body: text.receiptRead,
          values: { vendor: event.vendor.slice(0, 100), total: event.total },
          url: `/expenses/${event.expenseId}`,
          tag: `expense-${event.expenseId}`,
        }
      : {
          title: text.receiptNotReadTitle,
          body: text.receiptNotRead,
          values: { code: event.code },
          url: `/expenses/${event.expenseId}`,
          tag: `expense-${event.expenseId}`,
        },
    event.at,
  );
}

/** Insights asked for, made or failed: the person who asked, on the dashboard they asked from. */
export async function noticeInsightsDone(
  tx: Tx,
  event: { to: string; companyId: string; ok: boolean; askedAt: Date; at: Date },
): Promise<void> {
  if (!waitedLong(event)) return;
  const [asker] = await tx
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.id, event.to));
  if (!asker) return;
  // An organization's admin reads a company's insights on that company's dashboard.
  const url =
    asker.companyId === event.companyId ? '/dashboard' : `/dashboard?company=${event.companyId}`;
  await queuePush(
    tx,
    [event.to],
    {
      title: event.ok ? text.insightsReadyTitle : text.insightsFailedTitle,
      body: event.ok ? text.insightsReady : text.insightsFailed,
      values: {},
      url,
      tag: 'insights',
    },
    event.at,
  );
}

// An expense changed on this phone and on another device, in fields both changed: its page shows
// both versions of those fields only, and the user's choice keeps everything else merged.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { db, type LocalExpense, type RecordSyncError } from '../../src/db/db';
import { expenseChanges, saveExpense, syncedExpense } from '../../src/db/expenses';
import type { ChangeRules } from '../../src/db/record-changes';
import { typedExpense } from './helpers/expenses';
import { changedElsewhereFields } from './helpers/record-changes';
import { stubOffline } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

const COMPANY = 'company-1';
const CATEGORY = '6f1c2b9e-5d0a-4c3e-9a57-0b8f4c2d1e3a';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const typed = typedExpense();

/** The expense as version 1, on this phone and on the server, with nothing queued. */
async function syncedOnBoth(): Promise<LocalExpense> {
  const first = syncedExpense({ ...(await saveExpense(COMPANY, typed)), version: 1 }, COMPANY);
  await db.outbox.clear();
  await db.expenses.put(first);
  return first;
}

/** The server refused this phone's change of `first`: another device made `current` first. */
async function changedElsewhere(
  first: LocalExpense,
  current: object,
  held?: RecordSyncError['held'],
): Promise<void> {
  await db.expenses.update(
    first.id,
    changedElsewhereFields(expenseChanges as ChangeRules, first, current, held),
  );
}

it('shows only the fields both changed, and keeps the rest of this phone’s change when the other is taken', async () => {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubOffline(user);
  const first = await syncedOnBoth();
  // This phone files it and pays by mobile money; the other doubled the quantity, paid by bank.
  const mine = await saveExpense(COMPANY, {
    ...typed,
    id: first.id,
    categoryId: CATEGORY,
    payments: [{ method: 'EMONEY', amount: '5,900' }],
  });
  await db.outbox.clear();
  const theirs = {
    ...first,
    version: 2,
    items: [{ ...first.items[0]!, quantity: 4000 }],
    payments: [{ method: 'BANK' as const, amount: first.totals.totalAmount * 2 }],
  };
  await changedElsewhere(first, theirs);
  expect(mine.categoryId).toBe(CATEGORY);

  await renderApp(`/expenses/${first.id}`);
  const alert = (await screen.findByText('Changed on another device too')).closest<HTMLElement>(
    '[role="alert"]',
  )!;
  expect(within(alert).getByText('Items')).toBeTruthy();
  expect(within(alert).getByText('This phone: Sukari 1kg 2 × 2,950.00')).toBeTruthy();
  expect(within(alert).getByText('Other device: Sukari 1kg 4 × 2,950.00')).toBeTruthy();
  expect(within(alert).getByText('This phone: E-money 5,900.00')).toBeTruthy();
  expect(within(alert).getByText('Other device: Bank transfer 11,800.00')).toBeTruthy();
  // Neither the category (only this phone changed it) nor the amount type (neither did).
  expect(within(alert).queryByText('Category')).toBeNull();
  expect(within(alert).queryByText('Amounts on the receipt')).toBeNull();
  expect(screen.queryByTestId('expense-refused')).toBeNull();
  // Processed only once the user has chosen what is processed.
  expect(screen.queryByTestId('mark-processed')).toBeNull();

  await userEvent.click(within(alert).getByRole('button', { name: "Keep the other device's" }));
  await waitFor(() => expect(screen.queryByText('Changed on another device too')).toBeNull());
  expect(await db.expenses.get(first.id)).toMatchObject({
    version: 2,
    syncState: 'pending',
    syncError: null,
    categoryId: CATEGORY,
    items: [{ quantity: 4000 }],
    payments: [{ method: 'BANK', amount: 1_180_000 }],
    totals: { totalAmount: 1_180_000, balance: 0 },
  });
  const [queued] = await db.outbox.toArray();
  expect(queued).toMatchObject({ method: 'PUT', headers: { 'If-Match': '"2"' } });
  expect(queued!.body!.json).toMatchObject({ categoryId: CATEGORY, payments: theirs.payments });
  expect(await screen.findByTestId('expense-total')).toHaveProperty('textContent', 'Tsh 11,800.00');
  expect(screen.getByTestId('mark-processed')).toBeTruthy();
});

it('queues a change held during the choice behind an edit made meanwhile', async () => {
  const first = await syncedOnBoth();
  const processing = {
    companyId: COMPANY,
    entity: 'expense' as const,
    recordId: first.id,
    action: 'status' as const,
    label: 'Mama Ntilie Supplies',
    method: 'POST' as const,
    path: `/v1/accounting/expenses/${first.id}/status`,
    body: { type: 'json' as const, json: { status: 'processed' } },
    key: crypto.randomUUID(),
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: Date.now(),
    lastError: null,
  };
  await changedElsewhere(first, { ...first, version: 2, time: '16:05:00' }, [processing]);
  await saveExpense(COMPANY, { ...typed, id: first.id, time: '15:40' });
  const queued = await db.outbox.orderBy('seq').toArray();
  expect(queued.map((entry) => [entry.method, entry.action])).toEqual([
    ['PUT', 'save'],
    ['POST', 'status'],
  ]);
  expect(queued[0]!.headers).toEqual({ 'If-Match': '"1"' });
  expect(queued[1]!.key).toBe(processing.key);
});

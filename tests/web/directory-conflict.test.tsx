// A vendor or category changed on this phone and on another device, in a field both changed:
// the vendor's form and the category's row show both values of that field only, and the choice
// keeps everything else merged.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import {
  categoryChanges,
  saveCategory,
  saveVendor,
  syncedCategory,
  syncedVendor,
  vendorChanges,
} from '../../src/db/expense-directory';
import type { ChangeRules } from '../../src/db/record-changes';
import { stubOffline } from './helpers/fetch';
import { changedElsewhereFields } from './helpers/record-changes';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

const COMPANY = 'company-1';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const alertOf = async () =>
  (await screen.findByText('Changed on another device too')).closest<HTMLElement>(
    '[role="alert"]',
  )!;

it('shows a vendor’s name both changed, and sends this phone’s over the other version', async () => {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubOffline(user);
  const saved = await saveVendor(COMPANY, {
    name: 'Kilimo Traders',
    tin: '123456789',
    vrn: null,
    serial: null,
    phone: null,
    address: null,
  });
  const first = syncedVendor({ ...saved, version: 1 }, COMPANY);
  await db.vendors.put(first);
  // This phone renamed it; the other renamed it too and added the address.
  await saveVendor(COMPANY, { ...first, name: 'Kilimo & Sons' });
  await db.outbox.clear();
  const theirs = { ...first, version: 2, name: 'Kilimo Traders Ltd', address: 'Kariakoo' };
  await db.vendors.update(
    first.id,
    changedElsewhereFields(vendorChanges as ChangeRules, first, theirs),
  );

  await renderApp(`/vendors/${first.id}`);
  const alert = await alertOf();
  expect(within(alert).getByText('Vendor name')).toBeTruthy();
  expect(within(alert).getByText('This phone: Kilimo & Sons')).toBeTruthy();
  expect(within(alert).getByText('Other device: Kilimo Traders Ltd')).toBeTruthy();
  expect(within(alert).queryByText('Address')).toBeNull();

  await userEvent.click(within(alert).getByRole('button', { name: "Keep this phone's" }));
  await waitFor(() => expect(screen.queryByText('Changed on another device too')).toBeNull());
  // The form starts again from the settled vendor: this phone's name, the other's address.
  expect(screen.getByLabelText<HTMLInputElement>('Vendor name', { exact: false }).value).toBe(
    'Kilimo & Sons',
  );
  expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('Kariakoo');
  const [queued] = await db.outbox.toArray();
  expect(queued).toMatchObject({ method: 'PUT', headers: { 'If-Match': '"2"' } });
  expect(queued!.body!.json).toMatchObject({ name: 'Kilimo & Sons', address: 'Kariakoo' });
});

it('shows a category’s code both changed on its row, and keeps this phone’s inactivation with the other’s code', async () => {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubOffline(user);
  const saved = await saveCategory(COMPANY, { name: 'Fuel', code: 'FUEL', description: null });
  const first = syncedCategory({ ...saved, version: 1 }, COMPANY);
  await db.expenseCategories.put(first);
  // This phone changed the code and inactivated it; the other changed the code only.
  await saveCategory(COMPANY, { ...first, code: 'FUEL2', active: false });
  await db.outbox.clear();
  const theirs = { ...first, version: 2, code: 'TRANSPORT' };
  await db.expenseCategories.update(
    first.id,
    changedElsewhereFields(categoryChanges as ChangeRules, first, theirs),
  );

  await renderApp('/expenses/categories');
  const alert = await alertOf();
  const row = alert.closest<HTMLElement>('[data-testid="category-row"]')!;
  expect(within(row).getByText('Fuel')).toBeTruthy();
  expect(within(alert).getByText('This phone: FUEL2')).toBeTruthy();
  expect(within(alert).getByText('Other device: TRANSPORT')).toBeTruthy();
  expect(within(alert).queryByText('Status')).toBeNull();

  await userEvent.click(within(alert).getByRole('button', { name: "Keep the other device's" }));
  await waitFor(() => expect(screen.queryByText('Changed on another device too')).toBeNull());
  expect(await db.expenseCategories.get(first.id)).toMatchObject({
    code: 'TRANSPORT',
    active: false,
    version: 2,
    syncState: 'pending',
  });
  const [queued] = await db.outbox.toArray();
  expect(queued).toMatchObject({ method: 'PUT', headers: { 'If-Match': '"2"' } });
  expect(queued!.body!.json).toMatchObject({ code: 'TRANSPORT', active: false });
});

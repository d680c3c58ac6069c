// The lists kept in memory between visits (src/db/list-cache.ts) and what the lists read first:
// a list opened again shows at once, and never what changed meanwhile.
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteCustomer,
  firstCustomers,
  saveCustomer,
  syncedCustomer,
} from '../../src/db/customers';
import { db } from '../../src/db/db';
import { firstInvoices, listedInvoiceIds, saveInvoiceDraft } from '../../src/db/invoices';
import { prefetchCustomerList, useCustomerList } from '../../src/db/useCustomers';
import { prefetchInvoiceList, useInvoiceListIds, useInvoicesByIds } from '../../src/db/useInvoices';
import { invoiceInput, operator } from './helpers/invoices';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const walkIn = (name: string) => ({ name, identificationType: 'NO_IDENTIFICATION' as const });
const names = (list: ReturnType<typeof useCustomerList>) => list?.customers.map((c) => c.name);

beforeEach(resetLocalDatabase);

async function customers(...list: string[]) {
  for (const name of list) {
    const saved = await saveCustomer(COMPANY, walkIn(name));
    await db.customers.put(syncedCustomer({ ...saved, version: 1 }, COMPANY));
  }
  await db.outbox.clear();
}

/** The list screen opened: rendered until the whole list is read. */
async function openCustomerList() {
  const view = renderHook(() => useCustomerList(COMPANY));
  await waitFor(() => expect(view.result.current?.complete).toBe(true));
  return view;
}

describe('the customer list in memory', () => {
  it('is there at the first render when the list is opened again', async () => {
    await customers('Asha', 'Baraka');
    (await openCustomerList()).unmount();
    const again = renderHook(() => useCustomerList(COMPANY));
    expect(again.result.current).toMatchObject({ complete: true, total: 2 });
    expect(names(again.result.current)).toEqual(['Asha', 'Baraka']);
    await act(() => saveCustomer(COMPANY, walkIn('Chausiku')));
    await waitFor(() => expect(again.result.current?.total).toBe(3));
    again.unmount();
  });

  it('follows a customer added, edited and deleted while the list is open', async () => {
    await customers('Asha', 'Baraka');
    const view = await openCustomerList();
    await act(() => saveCustomer(COMPANY, walkIn('Chausiku')));
    await waitFor(() => expect(names(view.result.current)).toEqual(['Asha', 'Baraka', 'Chausiku']));
    const baraka = view.result.current!.customers[1]!;
    await act(() =>
      saveCustomer(COMPANY, { ...walkIn('Baraka'), id: baraka.id, phoneNumber: '0712345678' }),
    );
    await waitFor(() => expect(view.result.current!.customers[1]!.phoneNumber).toBe('712345678'));
    await act(() => deleteCustomer(COMPANY, baraka.id));
    await waitFor(() => expect(names(view.result.current)).toEqual(['Asha', 'Chausiku']));
    expect(view.result.current!.total).toBe(2);
    view.unmount();
  });

  it('never shows, opened again, what changed while it was closed', async () => {
    await customers('Asha', 'Baraka');
    (await openCustomerList()).unmount();
    const [asha, baraka] = (await db.customers.toArray()).sort((a, b) =>
      a.nameKey.localeCompare(b.nameKey),
    );
    await saveCustomer(COMPANY, walkIn('Chausiku'));
    await saveCustomer(COMPANY, { ...walkIn('Asha Traders'), id: asha!.id });
    await deleteCustomer(COMPANY, baraka!.id);
    const seen: (string[] | undefined)[] = [];
    const again = renderHook(() => {
      const list = useCustomerList(COMPANY);
      seen.push(names(list));
      return list;
    });
    await waitFor(() => expect(again.result.current?.complete).toBe(true));
    expect(names(again.result.current)).toEqual(['Asha Traders', 'Chausiku']);
    // Every list rendered was either nothing yet or the current one's start.
    for (const shown of seen) {
      if (shown) expect(['Asha Traders', 'Chausiku'].slice(0, shown.length)).toEqual(shown);
    }
    again.unmount();
  });

  it('forgets the list when the database is emptied and opened again', async () => {
    await customers('Asha');
    (await openCustomerList()).unmount();
    await resetLocalDatabase();
    const again = renderHook(() => useCustomerList(COMPANY));
    expect(again.result.current).toBeUndefined();
    await waitFor(() => expect(again.result.current).toMatchObject({ complete: true, total: 0 }));
    again.unmount();
  });
});

describe('what the lists read first', () => {
  it('the first customers by name and the count, leaving out those being deleted', async () => {
    await customers('Dotto', 'Asha', 'Chausiku', 'Baraka');
    const chausiku = (await db.customers.toArray()).find((c) => c.name === 'Chausiku')!;
    await deleteCustomer(COMPANY, chausiku.id);
    expect(await firstCustomers(COMPANY, 2)).toMatchObject({
      rows: [{ name: 'Asha' }, { name: 'Baraka' }],
      total: 3,
    });
    const all = await firstCustomers(COMPANY, 10);
    expect(all.rows.map((c) => c.name)).toEqual(['Asha', 'Baraka', 'Dotto']);
  });

  it('the first invoices are the start of the whole list, and the count is its length', async () => {
    for (let i = 0; i < 5; i++) await saveInvoiceDraft(operator, invoiceInput());
    const listed = await listedInvoiceIds(operator.companyId);
    expect(listed).toHaveLength(5);
    const first = await firstInvoices(operator.companyId, {}, 3);
    expect(first).toMatchObject({ ids: listed.slice(0, 3), total: 5 });
    expect(first.invoices.map((invoice) => invoice.id)).toEqual(listed.slice(0, 3));
    expect(await firstInvoices(operator.companyId, { status: 'issued' }, 3)).toEqual({
      ids: [],
      invoices: [],
      total: 0,
    });
  });

  it('the invoice list screen keeps its ids and follows a new invoice', async () => {
    await saveInvoiceDraft(operator, invoiceInput());
    const view = renderHook(() => useInvoiceListIds(operator.companyId, {}));
    await waitFor(() => expect(view.result.current).toMatchObject({ complete: true, total: 1 }));
    view.unmount();
    const again = renderHook(() => useInvoiceListIds(operator.companyId, {}));
    expect(again.result.current).toMatchObject({ complete: true, total: 1 });
    await act(() => saveInvoiceDraft(operator, invoiceInput()));
    await waitFor(() => expect(again.result.current).toMatchObject({ complete: true, total: 2 }));
    again.unmount();
  });
  it('the invoice list never shows the ids of the filter it was switched from', async () => {
    for (let i = 0; i < 3; i++) await saveInvoiceDraft(operator, invoiceInput());
    const view = renderHook(({ filter }) => useInvoiceListIds(operator.companyId, filter), {
      initialProps: { filter: {} as { status?: 'issued' } },
    });
    await waitFor(() => expect(view.result.current).toMatchObject({ complete: true, total: 3 }));
    view.rerender({ filter: { status: 'issued' } });
    expect(view.result.current?.total ?? 0).toBe(0);
    await waitFor(() => expect(view.result.current).toMatchObject({ complete: true, total: 0 }));
    view.unmount();
  });
});

describe('the lists read ahead by their route', () => {
  it('show the first customers and their count from the first render', async () => {
    await customers('Baraka', 'Asha');
    // As on a reload: the read waits for the database to open.
    db.close({ disableAutoOpen: false });
    await prefetchCustomerList(COMPANY);
    const view = renderHook(() => useCustomerList(COMPANY));
    expect(view.result.current).toMatchObject({ complete: false, total: 2 });
    expect(names(view.result.current)).toEqual(['Asha', 'Baraka']);
    await waitFor(() => expect(view.result.current?.complete).toBe(true));
    expect(names(view.result.current)).toEqual(['Asha', 'Baraka']);
    view.unmount();
  });

  it('are not shown once a change overtook them', async () => {
    await customers('Asha');
    await prefetchCustomerList(COMPANY);
    await saveCustomer(COMPANY, walkIn('Baraka'));
    const view = renderHook(() => useCustomerList(COMPANY));
    expect(view.result.current).toBeUndefined();
    await waitFor(() => expect(view.result.current).toMatchObject({ complete: true, total: 2 }));
    view.unmount();
  });

  it('show the first invoices, their rows and the count from the first render', async () => {
    for (let i = 0; i < 3; i++) await saveInvoiceDraft(operator, invoiceInput());
    const listed = await listedInvoiceIds(operator.companyId);
    db.close({ disableAutoOpen: false });
    await prefetchInvoiceList(operator.companyId, {});
    const view = renderHook(() => {
      const list = useInvoiceListIds(operator.companyId, {});
      return { list, rows: useInvoicesByIds(operator.companyId, list?.ids ?? []) };
    });
    expect(view.result.current.list).toEqual({ ids: listed, total: 3, complete: false });
    expect([...view.result.current.rows!.keys()]).toEqual(listed);
    await waitFor(() => expect(view.result.current.list?.complete).toBe(true));
    expect(view.result.current.list?.ids).toEqual(listed);
    view.unmount();
  });

  it('show the rows read ahead as soon as the list knows which are on screen', async () => {
    for (let i = 0; i < 3; i++) await saveInvoiceDraft(operator, invoiceInput());
    const listed = await listedInvoiceIds(operator.companyId);
    db.close({ disableAutoOpen: false });
    await prefetchInvoiceList(operator.companyId, {});
    // A virtual list's first render has no rows on screen; its measured size brings them.
    const view = renderHook(({ ids }) => useInvoicesByIds(operator.companyId, ids), {
      initialProps: { ids: [] as string[] },
    });
    await waitFor(() => expect(view.result.current).toBeDefined());
    view.rerender({ ids: listed.slice(0, 2) });
    expect([...view.result.current!.keys()]).toEqual(listed.slice(0, 2));
    view.unmount();
  });
});

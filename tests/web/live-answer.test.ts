// A screen's record read live (src/db/live-answer.ts): when the screen is given another record,
// it shows that one or "loading", never the one before under the new record's name.
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveCustomer } from '../../src/db/customers';
import { saveInvoiceDraft } from '../../src/db/invoices';
import { useCustomer } from '../../src/db/useCustomer';
import { useInvoice } from '../../src/db/useInvoice';
import { invoiceInput, operator } from './helpers/invoices';
import { resetLocalDatabase } from './helpers/local-db';

beforeEach(resetLocalDatabase);

describe('a record read live', () => {
  it('an invoice page given another invoice never shows the first one as it', async () => {
    const first = await saveInvoiceDraft(operator, invoiceInput());
    const second = await saveInvoiceDraft(operator, invoiceInput());
    const view = renderHook(({ id }) => useInvoice(operator.companyId, id), {
      initialProps: { id: first.id },
    });
    await waitFor(() => expect(view.result.current?.id).toBe(first.id));
    view.rerender({ id: second.id });
    expect(view.result.current?.id).not.toBe(first.id);
    await waitFor(() => expect(view.result.current?.id).toBe(second.id));
    view.rerender({ id: crypto.randomUUID() });
    await waitFor(() => expect(view.result.current).toBeNull());
    view.unmount();
  });

  it('a customer page given another customer never shows the first one as it', async () => {
    const company = operator.companyId;
    const asha = await saveCustomer(company, {
      name: 'Asha',
      identificationType: 'NO_IDENTIFICATION',
    });
    const juma = await saveCustomer(company, {
      name: 'Juma',
      identificationType: 'NO_IDENTIFICATION',
    });
    const view = renderHook(({ id }) => useCustomer(company, id), {
      initialProps: { id: asha.id },
    });
    await waitFor(() => expect(view.result.current?.name).toBe('Asha'));
    view.rerender({ id: juma.id });
    expect(view.result.current?.name).not.toBe('Asha');
    await waitFor(() => expect(view.result.current?.name).toBe('Juma'));
    view.unmount();
  });
});

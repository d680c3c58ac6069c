// A submitted or issued invoice as the operator sees it: read-only, with TRA's refusal in TRA's
// words when TRA refused it, and "Correct" on an issued one starting a new draft that refers to
// it. The invoices arrive as a pull would store them.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../domain/schemas/invoice';
import { db } from '../../src/db/db';
import { syncedInvoice } from '../../src/db/invoices';
import { stubOffline } from './helpers/fetch';
import { fiscal, invoiceInput, serverInvoice } from './helpers/invoices';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

const COMPANY = 'company-1';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

async function open(invoice: Invoice, language: 'en' | 'sw' = 'en') {
  await db.invoices.put(syncedInvoice(invoice, COMPANY));
  const user = await signedIn({ language });
  stubOffline(user);
  return renderApp(`/edit-invoice/${invoice.id}`, language);
}

describe('an invoice TRA refused', () => {
  it("says so with TRA's message, and still shows the receipt the customer holds", async () => {
    const invoice = serverInvoice(invoiceInput(), {
      status: 'submitted',
      fiscal: fiscal({ traStatus: 'rejected', traMessage: 'ACKCODE 30: totals do not add up' }),
      version: 4,
    });
    await open(invoice);
    const alert = await screen.findByTestId('invoice-rejected');
    expect(alert.textContent).toContain('There an error sending the invoice to TRA');
    expect(alert.textContent).toContain('ACKCODE 30: totals do not add up');
    const block = screen.getByTestId('fiscal-block');
    expect(within(block).getByTestId('receipt-number').textContent).toBe(
      String(invoice.fiscal!.receiptNumber),
    );
    // Read-only: no editor, nothing to save.
    expect(screen.queryByRole('button', { name: /Save draft/ })).toBeNull();
    expect(screen.queryByTestId('invoice-item')).toBeNull();
  });

  it('says it in Kiswahili too', async () => {
    await open(
      serverInvoice(invoiceInput(), {
        status: 'submitted',
        fiscal: fiscal({ traStatus: 'rejected', traMessage: 'ACKCODE 30' }),
      }),
      'sw',
    );
    expect((await screen.findByTestId('invoice-rejected')).textContent).toContain(
      'Kuna hitilafu katika kutuma ankara TRA',
    );
  });
});

describe('an invoice another device submitted before this one sent its change', () => {
  it('says the change was not kept, with the server reason, until closed', async () => {
    const invoice = serverInvoice(invoiceInput(), { status: 'issued', fiscal: fiscal() });
    const message = 'This invoice has been submitted and can no longer be changed';
    await db.invoices.put({ ...syncedInvoice(invoice, COMPANY), overtaken: { at: 1, message } });
    const user = await signedIn();
    stubOffline(user);
    await renderApp(`/edit-invoice/${invoice.id}`);
    const alert = await screen.findByTestId('invoice-overtaken');
    expect(within(alert).getByText('Your change on this phone was not kept')).toBeTruthy();
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).toContain('Another device had submitted or canceled this invoice');
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('invoice-overtaken')).toBeNull());
  });
});

describe('the invoices waiting for TRA', () => {
  it('say they wait for a connection rather than count down to a refresh, offline', async () => {
    const invoice = serverInvoice(invoiceInput(), { status: 'submitted', fiscal: null });
    await db.invoices.put(syncedInvoice(invoice, COMPANY));
    const user = await signedIn();
    stubOffline(user);
    await renderApp('/invoices');
    const section = await screen.findByTestId('submitted-section');
    await vi.waitFor(() =>
      expect(within(section).getByTestId('refresh-countdown').textContent).toBe(
        'Waiting for connection',
      ),
    );
  });
});

describe('correcting an issued invoice', () => {
  it('starts a new draft with its lines that names the invoice it corrects', async () => {
    const input = invoiceInput();
    const issued = serverInvoice(input, {
      status: 'issued',
      fiscal: fiscal({ traStatus: 'accepted' }),
      version: 5,
    });
    const { router } = await open(issued);
    await screen.findByTestId('invoice-issued');
    await userEvent.click(screen.getByRole('link', { name: /Correct this invoice/ }));

    const note = await screen.findByTestId('correction-note');
    expect(note.textContent).toBe(
      `This invoice corrects receipt number ${issued.fiscal!.receiptNumber}.`,
    );
    expect(router.state.location.search).toMatchObject({ corrects: issued.id });
    const items = screen.getAllByTestId('invoice-item');
    expect(items).toHaveLength(2);
    expect((within(items[0]!).getByLabelText(/^Item 1/) as HTMLInputElement).value).toBe(
      'Sabuni ya kufulia',
    );
    expect((within(items[1]!).getByLabelText(/^Quantity/) as HTMLInputElement).value).toBe('1.5');
    expect(screen.getByTestId('total-including-tax').textContent).toBe('Tsh 7,320.00');
    // The issued invoice itself is untouched.
    expect(await db.invoices.get(issued.id)).toMatchObject({ status: 'issued', version: 5 });
  });
});

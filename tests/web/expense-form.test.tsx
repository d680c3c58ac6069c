// The expense form's live totals as an owner types a receipt by hand: amounts too large to
// record are said in the totals, nothing typed is lost, and the day can be chosen on a calendar.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubOffline } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

it('says when the amounts are too large to record, keeps the typing, and totals once put right', async () => {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubOffline(user);
  await renderApp('/expenses/new?method=manual');
  await userEvent.type(await screen.findByLabelText(/^Item 1/), 'Saruji');
  const quantity = screen.getByLabelText(/^Quantity/);
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '999999999');
  await userEvent.type(screen.getByLabelText(/^Unit amount/), '999999999999');

  expect((await screen.findByTestId('expense-too-large')).textContent).toBe(
    'These amounts are too large to record',
  );
  expect((screen.getByLabelText(/^Item 1/) as HTMLInputElement).value).toBe('Saruji');
  expect(screen.getByTestId('expense-total').textContent).toBe('Tsh 0.00');

  await userEvent.clear(quantity);
  await userEvent.type(quantity, '2');
  await waitFor(() => expect(screen.queryByTestId('expense-too-large')).toBeNull());
  expect(screen.getByTestId('expense-total').textContent).toBe('Tsh 1,999,999,999,998.00');
});

it("opens the phone's calendar on the day typed, and writes the day chosen as DD-MM-YYYY", async () => {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubOffline(user);
  await renderApp('/expenses/new?method=manual');
  const date = (await screen.findByRole('textbox', { name: /^Date/ })) as HTMLInputElement;
  await userEvent.clear(date);
  await userEvent.type(date, '14-11-2026');

  await userEvent.click(screen.getByRole('button', { name: 'Choose the day on a calendar' }));
  const picker = document.querySelector<HTMLInputElement>('input[type=date]')!;
  expect(picker.value).toBe('2026-11-14');

  fireEvent.change(picker, { target: { value: '2026-11-03' } });
  await waitFor(() => expect(date.value).toBe('03-11-2026'));
});

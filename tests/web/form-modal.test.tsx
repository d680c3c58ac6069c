// A form in a dialog (here a new expense category) is not thrown away by Escape: with typing not
// saved yet, closing asks first; untouched, it closes at once.
import { screen, waitFor, within } from '@testing-library/react';
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

it('asks before Escape closes a dialog holding typing, and closes an untouched one at once', async () => {
  const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
  stubOffline(user);
  await renderApp('/expenses/categories');
  const open = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'New category' }));
    return screen.findByRole('dialog', { name: 'New category' });
  };

  await open();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New category' })).toBeNull());

  await open();
  await userEvent.type(screen.getByLabelText(/^Name/), 'Chakula cha wafanyakazi');
  await userEvent.keyboard('{Escape}');
  const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
  await userEvent.click(within(question).getByRole('button', { name: 'Keep typing' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull(),
  );
  expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe(
    'Chakula cha wafanyakazi',
  );

  await userEvent.keyboard('{Escape}');
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
      'button',
      { name: 'Leave without saving' },
    ),
  );
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New category' })).toBeNull());
});

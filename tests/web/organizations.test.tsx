// The platform admin creates an organization and corrects it: the form takes a phone number as
// people write it, and says the organization is saved once the server has it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { json, stubServer } from './helpers/fetch';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { platformAdmin, signedIn, signedOut } from './helpers/session';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

it('creates an organization, says it is saved, and corrects its owner email', async () => {
  const user = await signedIn(platformAdmin);
  const saved: unknown[] = [];
  const server = stubServer({
    'GET /api/v2/user/me': () => json(200, user),
    'GET /v1/accounting/organizations': () => json(200, { items: saved, total: saved.length }),
    'POST /v1/accounting/organizations': async (request) => {
      const body = (await request.json()) as Record<string, string>;
      saved.push({ ...body, id: 'org-9', active: true, createdAt: '2026-11-28T08:00:00Z' });
      return json(201, saved.at(-1));
    },
    'PUT /v1/accounting/organizations/org-9': async (request) => {
      saved[0] = { ...(saved[0] as object), ...((await request.json()) as object) };
      return json(200, saved[0]);
    },
  });
  await renderApp('/organizations');
  await userEvent.click(await screen.findByRole('button', { name: 'New organization' }));
  const dialog = await screen.findByRole('dialog', { name: 'New organization' });
  await userEvent.type(within(dialog).getByLabelText(/^Organization name/), 'Mama Ntilie Group');
  await userEvent.type(within(dialog).getByLabelText(/^Owner's name/), 'Rehema Mushi');
  await userEvent.type(within(dialog).getByLabelText(/^Owner's phone/), '0754 123 456');
  await userEvent.type(within(dialog).getByLabelText(/^Owner's email/), 'rehema@ntilie.co.tz');
  await userEvent.click(within(dialog).getByRole('button', { name: /^Create/ }));

  expect(await screen.findByText('Mama Ntilie Group is saved.')).toBeTruthy();
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'New organization' })).toBeNull(),
  );
  const [post] = server.calls('POST', '/v1/accounting/organizations');
  expect(await post!.json()).toMatchObject({ name: 'Mama Ntilie Group', ownerPhone: '754123456' });

  // A typo in the owner's email is put right from the list.
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Mama Ntilie Group' }));
  const edit = await screen.findByRole('dialog', { name: 'Edit Mama Ntilie Group' });
  const email = within(edit).getByLabelText(/^Owner's email/);
  expect((email as HTMLInputElement).value).toBe('rehema@ntilie.co.tz');
  await userEvent.clear(email);
  await userEvent.type(email, 'rehema.mushi@ntilie.co.tz');
  await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(server.calls('PUT', '/v1/accounting/organizations/org-9')).toHaveLength(1),
  );
  const [put] = server.calls('PUT', '/v1/accounting/organizations/org-9');
  expect(await put!.json()).toMatchObject({
    name: 'Mama Ntilie Group',
    ownerEmail: 'rehema.mushi@ntilie.co.tz',
  });
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Edit Mama Ntilie Group' })).toBeNull(),
  );
});

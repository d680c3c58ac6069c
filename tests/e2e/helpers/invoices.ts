// Arranging invoices for browser tests: the demo company's VFD registered with the built-in TRA
// simulator (as TRA would, through the admin API), a signed-in operator, and the simulator's
// verification answers to check what TRA received.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, type E2EServer } from './server';
import { activateSeededUser, signIn } from './session';

async function call(
  server: E2EServer,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<any> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function adminToken(server: E2EServer): Promise<string> {
  const { token } = await call(server, 'POST', '/api/v2/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  return token as string;
}

/**
 * Moves the demo VFD's registration `days` back in a server's data folder before it starts, so
 * the server owes, and makes on its first round, the Z reports of the days since.
 */
export async function registeredDaysAgo(dataDir: string, days: number): Promise<void> {
  const db = new PGlite(path.join(dataDir, 'db'));
  try {
    const { affectedRows } = await db.query(
      'update vfds set registered_at = registered_at - make_interval(days => $1)',
      [days],
    );
    if (!affectedRows) throw new Error('The data folder has no registered VFD to move back');
  } finally {
    await db.close();
  }
}

/** Registers the demo company's VFD with the simulator; returns the company's id. */
export async function registerDemoVfd(server: E2EServer): Promise<string> {
  const token = await adminToken(server);
  const { items } = await call(server, 'GET', '/v1/accounting/companies?search=Duka', { token });
  const company = (items as Array<{ id: string; name: string }>).find(
    (c) => c.name === 'Duka Demo Ltd',
  );
  if (!company) throw new Error('No demo company');
  const vfd = await call(server, 'GET', `/v1/accounting/companies/${company.id}/vfd`, { token });
  if (vfd.status !== 'registered') {
    await call(server, 'POST', `/v1/accounting/companies/${company.id}/certificate/simulated`, {
      token,
    });
  }
  return company.id;
}

/** Signs a demo operator in through the login page, after setting their own password. */
export async function signInOperator(
  page: Page,
  server: E2EServer,
  username = 'operator1',
): Promise<string> {
  const password = await activateSeededUser(server, username);
  await signIn(page, username, password);
  await page.waitForURL('**/dashboard');
  return password;
}

/** What the simulator's verification page knows of a receipt (what TRA received). */
export async function verification(server: E2EServer, url: string): Promise<any> {
  const response = await fetch(url.replace(/^https?:\/\/[^/]+/, server.url), {
    headers: { accept: 'application/json' },
  });
  return response.ok ? response.json() : null;
}

/** The invoices of the signed-in company as the server has them. */
export async function serverInvoices(server: E2EServer, token: string): Promise<any[]> {
  const { items } = await call(server, 'GET', '/v1/accounting/invoices?limit=500', { token });
  return items as any[];
}

export async function tokenOf(server: E2EServer, username: string, password: string) {
  const { token } = await call(server, 'POST', '/api/v2/login', { body: { username, password } });
  return token as string;
}

/**
 * Fills the editor: a walk-in customer and one line per item, typed like an operator
 * would. The editor must be open.
 */
export async function fillInvoice(
  page: Page,
  items: Array<{ description: string; quantity: string; price: string }>,
  options: { customer?: string; paid?: string } = {},
) {
  await page.getByTestId('invoice-item').first().waitFor();
  if (options.customer) {
    await page.getByLabel('Walk-in customer name (optional)').fill(options.customer);
  }
  for (const [index, item] of items.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add item' }).click();
    const card = page.getByTestId('invoice-item').nth(index);
    await card
      .getByRole('textbox', { name: new RegExp(`^Item ${index + 1}\\b`) })
      .fill(item.description);
    await card.getByLabel('Quantity').fill(item.quantity);
    await card.getByLabel('Unit price').fill(item.price);
  }
  if (options.paid) {
    await page.getByRole('button', { name: 'Add payment' }).click();
    await page.getByLabel('Amount').last().fill(options.paid);
  }
}

/** Confirms the submit dialog of the open editor and waits for the read-only invoice. */
export async function submitOpenInvoice(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Submit to TRA' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
  await page.waitForURL('**/edit-invoice/**');
  return new URL(page.url()).pathname.split('/').pop()!;
}

// The server as `npm start` runs it (server/start.ts), on a free loopback port, logging only
// errors and serving no web app: for the tests of a real start.
import { loadConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { invoiceBody } from './invoices';

export function startOnLoopback(env: Record<string, string>): Promise<RunningServer> {
  return startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env }), {
    webDir: false,
  });
}

/**
 * As the platform admin, creates and submits an invoice of the demo company, then reads it
 * again until it is issued or `withinMs` has passed; returns what was submitted and the last
 * reading.
 */
export async function submitDemoInvoice(
  server: RunningServer,
  adminPassword: string,
  withinMs = 15_000,
) {
  const api = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const login = await api('POST', '/api/v2/login', undefined, {
    username: 'admin',
    password: adminPassword,
  });
  const token = login.body.token as string;
  const companies = await api('GET', '/v1/accounting/companies', token);
  const demo = companies.body.items[0];
  const body = invoiceBody();
  const query = `?companyId=${demo.id}`;
  const created = await api('POST', `/v1/accounting/invoices${query}`, token, body);
  if (created.status !== 201) throw new Error(`creating the invoice answered ${created.status}`);
  const submitted = await api('POST', `/v1/accounting/invoices/${body.id}/submit${query}`, token);
  const deadline = Date.now() + withinMs;
  let invoice = submitted.body;
  while (invoice.status !== 'issued' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    invoice = (await api('GET', `/v1/accounting/invoices/${body.id}${query}`, token)).body;
  }
  return { submitted: submitted.body, invoice };
}

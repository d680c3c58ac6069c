// Arranging people for a browser test: signing in through the page, or finishing a seeded
// user's forced first password change through the API when the test is about something else.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import type { E2EServer } from './server';

/** A password that meets the rule (6-20 characters, capital, small letter, digit, special). */
export function newPassword(): string {
  return `Rs-${crypto.randomBytes(4).toString('hex')}9a`;
}

async function post(server: E2EServer, url: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Signs a seeded user in once through the API and sets their own password; returns it. */
export async function activateSeededUser(server: E2EServer, username: string): Promise<string> {
  const first = server.logins[username];
  if (!first) throw new Error(`No seeded login for ${username}`);
  const { token } = await post(server, '/api/v2/login', { username, password: first });
  const password = newPassword();
  await post(
    server,
    '/api/v2/user/first-password',
    { newPassword: password, confirmPassword: password },
    String(token),
  );
  return password;
}

/** Fills the login page (in any language) and waits until the app left it. */
export async function signIn(page: Page, username: string, password: string, path = '/login') {
  await page.goto(path);
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

// OAuth2 authorization code flow with Xero and QuickBooks Online. Both take the client secret
// as HTTP Basic on their token endpoint and rotate the refresh token on every refresh: the
// caller must store the new one before anything else can go wrong.
import type { IntegrationProviderConfig } from '../config';
import type { IntegrationProvider } from '../../domain/integrations';
import { ProviderError } from './errors';
import { isObject, providerCall, text } from './http';

export const SCOPES: Record<IntegrationProvider, string> = {
  xero: 'openid profile email accounting.transactions.read accounting.contacts.read offline_access',
  quickbooks: 'com.intuit.quickbooks.accounting',
};

export function authorizeUrl(
  provider: IntegrationProvider,
  settings: IntegrationProviderConfig,
  redirectUri: string,
  state: string,
): string {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', SCOPES[provider]);
  url.searchParams.set('state', state);
  return url.toString();
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

function basic(settings: IntegrationProviderConfig): string {
  return `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;
}

async function tokenRequest(
  settings: IntegrationProviderConfig,
  form: Record<string, string>,
  now: Date,
): Promise<Tokens> {
  const answer = await providerCall(settings.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: basic(settings),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  });
  if (answer.status >= 500 || answer.status === 429) {
    throw new ProviderError('unreachable', `token endpoint answered ${answer.status}`);
  }
  // invalid_grant and friends: the code or refresh token is spent, revoked or not ours.
  if (answer.status >= 400) throw new ProviderError('refused', `token ${answer.status}`);
  const body = answer.json;
  if (!isObject(body)) throw new ProviderError('unreadable', 'token answer is not JSON');
  const accessToken = text(body.access_token);
  const refreshToken = text(body.refresh_token);
  const expiresIn = body.expires_in;
  if (!accessToken || !refreshToken || accessToken.length > 8192 || refreshToken.length > 8192) {
    throw new ProviderError('unreadable', 'token answer without tokens');
  }
  const seconds =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0
      ? Math.min(expiresIn, 24 * 3600)
      : 1800;
  return { accessToken, refreshToken, expiresAt: new Date(now.getTime() + seconds * 1000) };
}

export function exchangeCode(
  settings: IntegrationProviderConfig,
  code: string,
  redirectUri: string,
  now: Date,
): Promise<Tokens> {
  return tokenRequest(
    settings,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    now,
  );
}

export function refreshTokens(
  settings: IntegrationProviderConfig,
  refreshToken: string,
  now: Date,
): Promise<Tokens> {
  return tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

/** Best effort: a provider that cannot be told still loses the tokens on our side. */
export async function revokeToken(
  provider: IntegrationProvider,
  settings: IntegrationProviderConfig,
  refreshToken: string,
): Promise<boolean> {
  try {
    const answer = await providerCall(settings.revokeUrl, {
      method: 'POST',
      headers:
        provider === 'xero'
          ? {
              authorization: basic(settings),
              'content-type': 'application/x-www-form-urlencoded',
            }
          : {
              authorization: basic(settings),
              'content-type': 'application/json',
              accept: 'application/json',
            },
      body:
        provider === 'xero'
          ? new URLSearchParams({ token: refreshToken }).toString()
          : JSON.stringify({ token: refreshToken }),
    });
    return answer.status < 400;
  } catch {
    return false;
  }
}

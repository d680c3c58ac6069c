// Failures of an accounting integration as the user is told them: a code of
// domain/integrations.ts, stored on the connection as its last error, and never a 5xx — a
// provider that is down or answers garbage is the provider's problem, not the server's.
import {
  integrationMessages,
  integrationProviderNames,
  integrationVariables,
  type IntegrationErrorCode,
  type IntegrationProvider,
} from '../../domain/integrations';
import { AppError } from '../http/app-error';

/** 424 Failed Dependency: the request was fine, the accounting service was not. */
const STATUS: Record<IntegrationErrorCode, 400 | 403 | 409 | 424> = {
  integration_not_configured: 409,
  integration_not_connected: 409,
  integration_state_invalid: 400,
  integration_unreachable: 424,
  integration_refused: 424,
  integration_unreadable: 424,
  integration_no_organisation: 424,
  integration_busy: 409,
  integration_company_blocked: 403,
};

export function integrationValues(provider: IntegrationProvider) {
  return {
    provider: integrationProviderNames[provider],
    variables: integrationVariables[provider].join(', '),
  };
}

export function integrationError(code: IntegrationErrorCode, provider: IntegrationProvider) {
  return new AppError(STATUS[code], code, integrationMessages[code], {
    values: integrationValues(provider),
  });
}

export function isIntegrationErrorCode(code: string): code is IntegrationErrorCode {
  return Object.hasOwn(integrationMessages, code);
}

/** What went wrong talking to the provider; the service turns it into an integrationError. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'unreadable' | 'unauthorized',
    detail: string,
  ) {
    super(detail);
    this.name = 'ProviderError';
  }
}

export function providerErrorCode(error: ProviderError): IntegrationErrorCode {
  if (error.kind === 'unreachable') return 'integration_unreachable';
  if (error.kind === 'unreadable') return 'integration_unreadable';
  return 'integration_refused';
}

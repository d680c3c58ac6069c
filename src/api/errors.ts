// What the user is told when a call fails. The server's answers carry a message already in
// the user's language (and one per field); failures that never reached the server get ours.
import { HTTPError, TimeoutError } from 'ky';
import { msg } from '@lingui/core/macro';
import type { ErrorBody } from '../../domain/errors';
import { visitorErrorMessages } from '../../domain/visitor-errors';
import { i18n } from '../i18n/i18n';
import { SessionEndedError } from './client';

export interface ApiFailure {
  kind: 'http' | 'network' | 'session';
  status: number | null;
  code: string;
  /** Translated, ready to show. */
  message: string;
  /** Field name → translated message. */
  fields: Record<string, string>;
}

const unreachable = msg`Cannot reach the Risiti server. Check your connection and try again.`;

export async function readFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof SessionEndedError) {
    return {
      kind: 'session',
      status: 401,
      code: 'refresh_invalid',
      message: i18n._(visitorErrorMessages.refresh_invalid),
      fields: {},
    };
  }
  if (error instanceof HTTPError) {
    const body = (await error.response
      .clone()
      .json()
      .catch(() => null)) as Partial<ErrorBody> | null;
    const status = error.response.status;
    if (status >= 502 && status <= 504) {
      return {
        kind: 'network',
        status,
        code: 'unreachable',
        message: i18n._(unreachable),
        fields: {},
      };
    }
    return {
      kind: 'http',
      status,
      code: typeof body?.code === 'string' ? body.code : 'internal',
      message:
        typeof body?.message === 'string' && body.message
          ? body.message
          : i18n._(visitorErrorMessages.internal),
      fields: body?.fields && typeof body.fields === 'object' ? body.fields : {},
    };
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    return {
      kind: 'network',
      status: null,
      code: 'unreachable',
      message: i18n._(unreachable),
      fields: {},
    };
  }
  console.error(error);
  return {
    kind: 'http',
    status: null,
    code: 'internal',
    message: i18n._(visitorErrorMessages.internal),
    fields: {},
  };
}

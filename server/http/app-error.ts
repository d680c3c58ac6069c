// The one error type routes and services throw. The error handler turns it into
// {code, message, fields?} in the user's language with the given HTTP status.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorMessages, type ErrorCode } from '../../domain/errors';
import type { Message } from '../../domain/i18n';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode | (string & {}),
    readonly text: Message,
    readonly options: {
      values?: Record<string, unknown>;
      /** Field → untranslated message id. */
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      /** The record as stored now, answered with a refused stale change. */
      current?: unknown;
    } = {},
  ) {
    super(text.id);
    this.name = 'AppError';
  }
}

/** Shorthand for errors whose message is the code's own catalogue entry. */
export function appError(
  status: ContentfulStatusCode,
  code: ErrorCode,
  options?: AppError['options'],
): AppError {
  return new AppError(status, code, errorMessages[code], options);
}

// Validates a Mantine form with a domain schema, so the phone shows the same rules and the same
// (translated) messages as the server's 422 answer.
import * as v from 'valibot';
import { m } from '../../domain/messages';
import { i18n } from '../i18n/i18n';

/**
 * Schemas give each rule its own message id; valibot's built-in text only appears for a missing
 * or wrongly typed value, which gets the generic one instead (as on the server).
 */
function messageId(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  return issue.input === undefined || issue.input === null || issue.input === ''
    ? m.fieldRequired.id
    : m.fieldInvalid.id;
}

export function valibotValidate<S extends v.GenericSchema>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = v.safeParse(schema, values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.issues) {
      const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
      errors[key] ??= i18n._(messageId(issue));
    }
    return errors;
  };
}

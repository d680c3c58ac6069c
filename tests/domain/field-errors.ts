// The first message for each field of a failed parse, keyed by dotted path as the server's
// 422 answer and the forms name them ('_' for the whole input). As there, valibot's own text
// (a missing key or a wrong type) becomes the generic required or invalid message.
import * as v from 'valibot';
import { m } from '../../domain/messages';

function message(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  return issue.input === undefined || issue.input === null || issue.input === ''
    ? m.fieldRequired.id
    : m.fieldInvalid.id;
}

export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
    fields[key] ??= message(issue);
  }
  return fields;
}

export function parsed<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw new Error(`Expected valid input, got ${JSON.stringify(fieldErrors(schema, input))}`);
  }
  return result.output;
}

// Parses request input with a domain schema. Failures become a 422 naming each field with
// its translated message; nothing is written when any field is wrong.
import type { Context } from 'hono';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { m } from '../../domain/messages';
import { AppError, appError } from './app-error';

/**
 * The message for one issue. Schemas give every rule its own message; valibot's built-in
 * text only appears for a missing or wrongly typed value, which gets a generic one instead.
 */
function fieldMessage(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  return issue.input === undefined || issue.input === null || issue.input === ''
    ? m.fieldRequired.id
    : m.fieldInvalid.id;
}

export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
    fields[key] ??= fieldMessage(issue);
  }
  return fields;
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
      fields: issuesToFields(result.issues),
    });
  }
  return result.output;
}

export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw appError(400, 'bad_request');
  }
}

export async function parseJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c));
}

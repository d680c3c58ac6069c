// Parses request input with a domain schema. Failures become a 422 naming each field with
// its translated message; nothing is written when any field is wrong.
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import { m } from '../../domain/messages';
import { taggedVersion } from '../../domain/sync-batch';
import { AppError, appError } from './app-error';
import { bodyLimit, BodyReadTooEarlyError, openBody } from './body';

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

type Introspected = {
  type?: string;
  entries?: Record<string, Introspected>;
  item?: Introspected;
  wrapped?: Introspected;
  pipe?: Introspected[];
};

/**
 * Gives every key the schema knows an explicit `undefined` when the input leaves it out, so
 * that valibot reports the field's own message ("Username is required") instead of its
 * generic text for a missing key. Walks nested objects and arrays of objects.
 */
export function withSchemaKeys(schema: unknown, input: unknown): unknown {
  const node = schema as Introspected;
  const inner = node.pipe?.[0] ?? node.wrapped;
  if (inner && inner !== node) return withSchemaKeys(inner, input);
  if (node.entries && input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const filled: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [key, entry] of Object.entries(node.entries)) {
      filled[key] = withSchemaKeys(entry, filled[key]);
    }
    return filled;
  }
  if (node.item && Array.isArray(input))
    return input.map((item) => withSchemaKeys(node.item, item));
  return input;
}

/** Deeper input than any schema takes: refused as malformed before it is walked further. */
export const MAX_DEPTH = 32;

/**
 * NUL and other control characters (tab and line breaks aside), and halves of a surrogate pair
 * without the other half: the database cannot store them, and no form produces them.
 */
const UNSAVABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSavableText(text: string): boolean {
  return !UNSAVABLE.test(text);
}

/**
 * Refuses input nested deeper than MAX_DEPTH (400) and text that cannot be saved (422 naming
 * each such field), before any schema or database sees it.
 */
export function checkInput(input: unknown): void {
  const fields: Record<string, string> = {};
  const walk = (value: unknown, path: string[], depth: number): void => {
    if (typeof value === 'string') {
      if (!isSavableText(value)) fields[path.join('.') || '_'] ??= m.textUnsavable.id;
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (depth >= MAX_DEPTH) throw appError(400, 'bad_request');
    for (const [key, item] of Object.entries(value)) {
      if (!isSavableText(key)) fields[[...path, '_'].join('.')] ??= m.textUnsavable.id;
      walk(item, [...path, key], depth + 1);
    }
  };
  walk(input, [], 0);
  if (Object.keys(fields).length > 0) {
    throw new AppError(422, 'validation_failed', errorMessages.validation_failed, { fields });
  }
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  checkInput(input);
  const result = v.safeParse(schema, withSchemaKeys(schema, input));
  if (!result.success) {
    throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
      fields: issuesToFields(result.issues),
    });
  }
  return result.output;
}

/** The JSON body, read up to the route's limit once the caller's checks are done. */
export async function readJson(c: Context, limit?: number): Promise<unknown> {
  await openBody(c, limit);
  try {
    return await c.req.json();
  } catch (error) {
    if (error instanceof BodyReadTooEarlyError) throw error;
    throw appError(400, 'bad_request');
  }
}

export async function parseJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c));
}

export const MAX_SEARCH = 100;

/**
 * Refuses query parameters that cannot be saved or searched for (422 naming the parameter),
 * and a search over 100 characters, for every route at once.
 */
export function checkQuery(): MiddlewareHandler {
  return async (c, next) => {
    const fields: Record<string, string> = {};
    for (const [name, values] of Object.entries(c.req.queries())) {
      for (const value of values) {
        if (!isSavableText(value) || !isSavableText(name)) fields[name] = m.textUnsavable.id;
        else if (name === 'search' && value.length > MAX_SEARCH) fields[name] = m.searchTooLong.id;
      }
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError(422, 'validation_failed', errorMessages.validation_failed, { fields });
    }
    await next();
  };
}

/**
 * Plans a JSON body limit of `maxSize` bytes (1 MiB unless told): the body is read, up to it,
 * only when the route reads it after its checks, and a larger one is refused with a 413.
 */
export function jsonBodyLimit(maxSize = 1024 * 1024) {
  return bodyLimit(maxSize);
}

/**
 * The version a change says it was made on (`If-Match: "3"`), or null when it names none: 400
 * when the header is there but names no version.
 */
export function expectedVersion(c: Context): number | null {
  const version = taggedVersion(c.req.header('if-match'));
  if (version === undefined) {
    throw appError(400, 'bad_request', { fields: { 'If-Match': m.fieldInvalid.id } });
  }
  return version;
}

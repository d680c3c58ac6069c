// Repositories refuse invalid input before anything is written, naming each field with the
// same message id the server would use; screens translate it and show it under the input.
import * as v from 'valibot';
import { m } from '../../domain/messages';

export class RecordValidationError extends Error {
  constructor(
    /** Field → untranslated message id (domain/messages.ts, domain/errors.ts). */
    readonly fields: Record<string, string>,
  ) {
    super(Object.values(fields)[0] ?? m.fieldInvalid.id);
    this.name = 'RecordValidationError';
  }
}

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
    fields[key] ??= issue.message.startsWith('Invalid ') ? m.fieldInvalid.id : issue.message;
  }
  throw new RecordValidationError(fields);
}

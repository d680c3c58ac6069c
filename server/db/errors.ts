// Recognises constraint violations raised by PostgreSQL or PGlite, through Drizzle's wrapper,
// so services can turn a race the database caught into the user's message.

export interface DatabaseErrorInfo {
  /** SQLSTATE, e.g. 23505 unique violation, 23503 foreign key violation. */
  code: string;
  constraint: string | undefined;
  table: string | undefined;
}

export function databaseError(error: unknown): DatabaseErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; table?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        table: typeof candidate.table === 'string' ? candidate.table : undefined,
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

// Customer CSV import and export (spec §5 "Customer CSV import", issue 4). The same code runs in
// the browser's import worker (preview and offline checks) and on the server (the import that
// counts), so a file is judged the same way in both places.
import Papa from 'papaparse';
import * as v from 'valibot';
import { errorMessages } from './errors';
import type { Message } from './i18n';
import {
  customerFieldsSchema,
  identificationKey,
  IDENTIFICATION_TYPES,
  type CustomerFields,
  type IdentificationType,
} from './schemas/customer';

/** The fixed columns, in file order. Every one must be in the header row. */
export const CUSTOMER_CSV_COLUMNS = [
  'name',
  'identification_type',
  'identification_number',
  'phone_number',
  'email',
  'vat_registration_number',
] as const;
export type CustomerCsvColumn = (typeof CUSTOMER_CSV_COLUMNS)[number];

const columnField: Record<CustomerCsvColumn, keyof CustomerFields> = {
  name: 'name',
  identification_type: 'identificationType',
  identification_number: 'identificationNumber',
  phone_number: 'phoneNumber',
  email: 'email',
  vat_registration_number: 'vatRegistrationNumber',
};
const fieldColumn = Object.fromEntries(
  Object.entries(columnField).map(([column, field]) => [field, column]),
) as Record<keyof CustomerFields, CustomerCsvColumn>;

export const CUSTOMER_CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CUSTOMER_CSV_MAX_ROWS = 20_000;

export const csvMessages = {
  fileRequired: /*i18n*/ { id: 'Please choose a CSV file to import' },
  fileType: /*i18n*/ { id: 'Only CSV files (.csv) can be imported' },
  fileTooLarge: /*i18n*/ { id: 'The file is too large: at most {megabytes} MB can be imported' },
  unreadable: /*i18n*/ { id: 'The file could not be read as CSV text' },
  noRows: /*i18n*/ { id: 'The file has no customer rows below the header' },
  tooManyRows: /*i18n*/ {
    id: 'The file has more than {max} rows. Please split it into smaller files.',
  },
  missingColumns: /*i18n*/ { id: 'The file is missing the column(s): {columns}' },
  wrongColumnCount: /*i18n*/ { id: 'Row {row} has {count} columns instead of {expected}' },
  missingValue: /*i18n*/ { id: 'Row {row}: the column {column} needs a value' },
  badValue: /*i18n*/ { id: 'Row {row}, column {column}: {problem}' },
} satisfies Record<string, Message>;

export type CsvFileProblemCode =
  | 'csv_file_required'
  | 'csv_file_type'
  | 'csv_too_large'
  | 'csv_unreadable'
  | 'csv_no_rows'
  | 'csv_too_many_rows'
  | 'csv_missing_columns';

/** A problem with the file as a whole: nothing in it is imported. */
export interface CsvFileProblem {
  code: CsvFileProblemCode;
  message: Message;
  values?: Record<string, string | number>;
}

/** A problem with one row: that row is left out, the others are imported. */
export interface CsvRowProblem {
  /** The row as a spreadsheet numbers it: the header is row 1, the first customer row 2. */
  row: number;
  /** The column the problem is in, or null when it is the row's shape. */
  column: CustomerCsvColumn | null;
  /** The template of the whole sentence (csvMessages.*). */
  message: Message;
  /** Its values; `problem`, when present, is itself a message id to translate first. */
  values: Record<string, string | number>;
}

export interface CustomerCsvRow {
  row: number;
  fields: CustomerFields;
}

export type CustomerCsvParse =
  | { ok: false; problem: CsvFileProblem }
  | { ok: true; rows: CustomerCsvRow[]; problems: CsvRowProblem[]; total: number };

/** Any file-level check that needs only the name and size (before reading it). */
export function checkCustomerCsvFile(
  file: { name: string; size: number } | null | undefined,
): CsvFileProblem | null {
  if (!file || file.size === 0)
    return { code: 'csv_file_required', message: csvMessages.fileRequired };
  if (!/\.csv$/i.test(file.name.trim()))
    return { code: 'csv_file_type', message: csvMessages.fileType };
  if (file.size > CUSTOMER_CSV_MAX_BYTES)
    return {
      code: 'csv_too_large',
      message: csvMessages.fileTooLarge,
      values: { megabytes: CUSTOMER_CSV_MAX_BYTES / 1024 / 1024 },
    };
  return null;
}

/**
 * File bytes as text. UTF-8 (with or without BOM) is the norm; a spreadsheet saved as "CSV"
 * on Windows is often Windows-1252, which is read as such rather than garbled. Null for
 * content that is not text at all (a renamed spreadsheet or image).
 */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\ufeff/, '');
}

/** The column a header cell names: any case, spaces or dashes for underscores. */
export const headerKey = (cell: string) =>
  cell
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const typeAliases: Record<string, IdentificationType> = {
  TIN: 'TAX_IDENTIFICATION_NUMBER',
  '1': 'TAX_IDENTIFICATION_NUMBER',
  DRIVING_LICENSE: 'DRIVING_LICENCE',
  '2': 'DRIVING_LICENCE',
  VOTERS_ID: 'VOTERS_NUMBER',
  VOTER_ID: 'VOTERS_NUMBER',
  '3': 'VOTERS_NUMBER',
  '4': 'PASSPORT',
  NIDA: 'NATIONAL_IDENTIFICATION_AUTHORITY',
  '5': 'NATIONAL_IDENTIFICATION_AUTHORITY',
  NONE: 'NO_IDENTIFICATION',
  NIL: 'NO_IDENTIFICATION',
  '6': 'NO_IDENTIFICATION',
};

/** The identification type a cell names: the code itself, TRA's number, or a common short name. */
export function readIdentificationType(cell: string): IdentificationType | null {
  const key = cell
    .trim()
    .toUpperCase()
    .replace(/['’]/g, '')
    .replace(/[\s-]+/g, '_');
  if ((IDENTIFICATION_TYPES as readonly string[]).includes(key)) return key as IdentificationType;
  return typeAliases[key] ?? null;
}

/** Undoes the export's formula guard, so an exported file imports back unchanged. */
function unguard(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const requiredColumns: CustomerCsvColumn[] = ['name', 'identification_type'];

/**
 * Reads a customer CSV: the header must name every fixed column (in any order, any case); each
 * row must have as many cells as the header, its required values, and values that pass the
 * customer rules. Rows that repeat an identification number or VAT number of an earlier row
 * are refused too. Blank lines are ignored.
 */
export function parseCustomerCsv(text: string): CustomerCsvParse {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), {
    skipEmptyLines: 'greedy',
  });
  const [header, ...records] = parsed.data;
  if (!header || (header.length === 1 && header[0]!.trim() === '')) {
    return { ok: false, problem: { code: 'csv_no_rows', message: csvMessages.noRows } };
  }
  if (parsed.errors.some((error) => error.type === 'Quotes')) {
    return { ok: false, problem: { code: 'csv_unreadable', message: csvMessages.unreadable } };
  }
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    if (!positions.has(key)) positions.set(key, index);
  });
  const missing = CUSTOMER_CSV_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length) {
    return {
      ok: false,
      problem: {
        code: 'csv_missing_columns',
        message: csvMessages.missingColumns,
        values: { columns: missing.join(', ') },
      },
    };
  }
  if (!records.length) {
    return { ok: false, problem: { code: 'csv_no_rows', message: csvMessages.noRows } };
  }
  if (records.length > CUSTOMER_CSV_MAX_ROWS) {
    return {
      ok: false,
      problem: {
        code: 'csv_too_many_rows',
        message: csvMessages.tooManyRows,
        values: { max: CUSTOMER_CSV_MAX_ROWS },
      },
    };
  }

  const rows: CustomerCsvRow[] = [];
  const problems: CsvRowProblem[] = [];
  const seenIds = new Map<string, number>();
  const seenVrns = new Map<string, number>();
  records.forEach((record, index) => {
    const row = index + 2;
    if (record.length !== header.length) {
      problems.push({
        row,
        column: null,
        message: csvMessages.wrongColumnCount,
        values: { row, count: record.length, expected: header.length },
      });
      return;
    }
    const cell = (column: CustomerCsvColumn) => unguard(record[positions.get(column)!] ?? '');
    const blank = requiredColumns.find((column) => cell(column).trim() === '');
    if (blank) {
      problems.push({
        row,
        column: blank,
        message: csvMessages.missingValue,
        values: { row, column: blank },
      });
      return;
    }
    const type = readIdentificationType(cell('identification_type'));
    if (type && type !== 'NO_IDENTIFICATION' && cell('identification_number').trim() === '') {
      problems.push({
        row,
        column: 'identification_number',
        message: csvMessages.missingValue,
        values: { row, column: 'identification_number' },
      });
      return;
    }
    const result = v.safeParse(customerFieldsSchema, {
      name: cell('name'),
      // An unknown type is passed on as it is, to fail with the schema's own message.
      identificationType: type ?? cell('identification_type'),
      identificationNumber: cell('identification_number'),
      phoneNumber: cell('phone_number'),
      email: cell('email'),
      vatRegistrationNumber: cell('vat_registration_number'),
    });
    if (!result.success) {
      const issue = result.issues[0]!;
      const field = (issue.path?.[0]?.key ?? 'name') as keyof CustomerFields;
      const column = fieldColumn[field] ?? 'name';
      problems.push({
        row,
        column,
        message: csvMessages.badValue,
        values: { row, column, problem: issue.message },
      });
      return;
    }
    const fields = result.output;
    const idKey = identificationKey(fields);
    if (idKey && seenIds.has(idKey)) {
      problems.push(duplicateProblem(row, 'identification_number', 'customer_id_duplicated'));
      return;
    }
    if (fields.vatRegistrationNumber && seenVrns.has(fields.vatRegistrationNumber)) {
      problems.push(duplicateProblem(row, 'vat_registration_number', 'customer_vrn_duplicated'));
      return;
    }
    if (idKey) seenIds.set(idKey, row);
    if (fields.vatRegistrationNumber) seenVrns.set(fields.vatRegistrationNumber, row);
    rows.push({ row, fields });
  });
  return { ok: true, rows, problems, total: records.length };
}

/** A row refused because it repeats another customer (in the file or already registered). */
export function duplicateProblem(
  row: number,
  column: CustomerCsvColumn,
  code: 'customer_id_duplicated' | 'customer_vrn_duplicated' | 'customer_already_registered',
): CsvRowProblem {
  return {
    row,
    column,
    message: csvMessages.badValue,
    values: { row, column, problem: errorMessages[code].id },
  };
}

/** The sentence for a row problem, in the language of the given translator. */
export function rowProblemText(
  problem: CsvRowProblem,
  translate: (id: string, values?: Record<string, unknown>) => string,
): string {
  const values: Record<string, unknown> = { ...problem.values };
  if (typeof values.problem === 'string') values.problem = translate(values.problem);
  return translate(problem.message.id, values);
}

/**
 * Cells a spreadsheet would run as a formula start with = + - @, a tab or a carriage return;
 * they get a leading apostrophe. Cells that already start with apostrophes before such a
 * character get one more, so the import can take exactly one off and give back the original.
 * (Papa's own guard checks only a cell's first line, so a cell with a line break slipped by.)
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * Any table as a CSV file people open in a spreadsheet: UTF-8 with a BOM (so spreadsheets read
 * it as UTF-8), CRLF lines, and formula cells neutralised.
 */
export function toSafeCsv(
  fields: readonly string[],
  data: readonly (readonly unknown[])[],
): string {
  return (
    '\ufeff' +
    Papa.unparse(
      { fields: [...fields], data: data.map((row) => [...row]) },
      { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false },
    ) +
    '\r\n'
  );
}

/** The customers as a CSV file in the import's columns. */
export function customersToCsv(customers: readonly CustomerFields[]): string {
  return toSafeCsv(
    CUSTOMER_CSV_COLUMNS,
    customers.map((customer) =>
      CUSTOMER_CSV_COLUMNS.map((column) => customer[columnField[column]] ?? ''),
    ),
  );
}

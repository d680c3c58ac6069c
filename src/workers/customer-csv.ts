// The customer CSV work that runs off the page's thread (customer-csv.worker.ts): reading and
// checking an import file with the domain's rules, writing the rows to fix, and the export.
// Plain functions, so tests call them directly; the page reaches them through comlink.
import Papa from 'papaparse';
import {
  checkCustomerCsvFile,
  CUSTOMER_CSV_COLUMNS,
  customersToCsv,
  csvMessages,
  decodeCsvBytes,
  duplicateProblem,
  headerKey,
  parseCustomerCsv,
  toSafeCsv,
  type CsvFileProblem,
  type CsvRowProblem,
  type CustomerCsvRow,
} from '../../domain/customer-csv';
import { importKey, importKeyColumn, type CustomerFields } from '../../domain/schemas/customer';

/** What the device already has, so rows repeating a customer are caught before importing. */
export interface KnownCustomerKeys {
  /** importKey() of every customer of the company on this device. */
  identificationKeys: readonly string[];
  vatNumbers: readonly string[];
}

export type CustomerFileCheck =
  | { ok: false; problem: CsvFileProblem }
  | {
      ok: true;
      /** Customer rows in the file (blank lines aside). */
      total: number;
      /** Rows that pass every check: what an import stores. */
      rows: CustomerCsvRow[];
      /** Rows left out, by row number. */
      problems: CsvRowProblem[];
      /** SHA-256 of the file's bytes, hex: the same file always gives the same value. */
      fingerprint: string;
    };

/** A row to fix, with the problem already in the user's language. */
export interface RowToFix {
  row: number;
  message: string;
}

/** A file as the page hands it over: a File, or its parts (tests, other callers). */
export interface CsvFileInput {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The one API of the customer CSV worker. */
export interface CustomerCsvWorkerApi {
  checkFile(file: CsvFileInput, known: KnownCustomerKeys): Promise<CustomerFileCheck>;
  /**
   * The rows to fix as a CSV in the import's columns, each with its problem in a last column,
   * so the user can correct them in a spreadsheet and import that file.
   */
  rowsToFix(file: CsvFileInput, rows: readonly RowToFix[]): Promise<string>;
  exportCustomers(customers: readonly CustomerFields[]): string;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an algorithm's name
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function readText(file: CsvFileInput): Promise<{ text: string | null; bytes: Uint8Array }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { text: decodeCsvBytes(bytes), bytes };
}

/** Rows the file would add although the company already has such a customer. */
function alreadyRegistered(rows: CustomerCsvRow[], known: KnownCustomerKeys) {
  const ids = new Set(known.identificationKeys);
  const vrns = new Set(known.vatNumbers);
  const kept: CustomerCsvRow[] = [];
  const problems: CsvRowProblem[] = [];
  for (const row of rows) {
    const key = importKey(row.fields);
    if (key && ids.has(key)) {
      problems.push(duplicateProblem(row.row, importKeyColumn(key), 'customer_already_registered'));
    } else if (row.fields.vatRegistrationNumber && vrns.has(row.fields.vatRegistrationNumber)) {
      problems.push(
        duplicateProblem(row.row, 'vat_registration_number', 'customer_already_registered'),
      );
    } else {
      kept.push(row);
    }
  }
  return { kept, problems };
}

export const customerCsvApi: CustomerCsvWorkerApi = {
  async checkFile(file, known) {
    const problem = checkCustomerCsvFile(file);
    if (problem) return { ok: false, problem };
    const { text, bytes } = await readText(file);
    if (text === null) {
      return { ok: false, problem: { code: 'csv_unreadable', message: csvMessages.unreadable } };
    }
    const parsed = parseCustomerCsv(text);
    if (!parsed.ok) return { ok: false, problem: parsed.problem };
    const { kept, problems } = alreadyRegistered(parsed.rows, known);
    return {
      ok: true,
      total: parsed.total,
      rows: kept,
      problems: [...parsed.problems, ...problems].sort((a, b) => a.row - b.row),
      fingerprint: await sha256(bytes),
    };
  },

  async rowsToFix(file, rows) {
    const { text } = await readText(file);
    const records = Papa.parse<string[]>((text ?? '').replace(/^\ufeff/, ''), {
      skipEmptyLines: 'greedy',
    }).data;
    const [header = [], ...body] = records;
    const positions = new Map<string, number>();
    header.forEach((cell, index) => {
      const key = headerKey(cell);
      if (!positions.has(key)) positions.set(key, index);
    });
    // Row numbers count the header as row 1, as a spreadsheet shows them.
    const data = [...rows]
      .sort((a, b) => a.row - b.row)
      .map(({ row, message }) => {
        const record = body[row - 2] ?? [];
        const cells = CUSTOMER_CSV_COLUMNS.map((column) => {
          const index = positions.get(column);
          return index === undefined ? '' : (record[index] ?? '');
        });
        return [...cells, message];
      });
    return toSafeCsv([...CUSTOMER_CSV_COLUMNS, 'problem'], data);
  },

  exportCustomers(customers) {
    return customersToCsv(customers);
  },
};

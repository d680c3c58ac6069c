import { describe, expect, it } from 'vitest';
import {
  checkCustomerCsvFile,
  decodeCsvBytes,
  parseCustomerCsv,
  readIdentificationType,
  rowProblemText,
} from '../../domain/customer-csv';

const HEADER =
  'name,identification_type,identification_number,phone_number,email,vat_registration_number';
const english = (id: string, values?: Record<string, unknown>) =>
  id.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));

describe('customer CSV', () => {
  it('judges the file by its name and size before reading it', () => {
    expect(checkCustomerCsvFile(null)?.code).toBe('csv_file_required');
    expect(checkCustomerCsvFile({ name: 'a.csv', size: 0 })?.code).toBe('csv_file_required');
    expect(checkCustomerCsvFile({ name: 'a.txt', size: 10 })?.code).toBe('csv_file_type');
    expect(checkCustomerCsvFile({ name: 'A.CSV', size: 10 })).toBeNull();
    expect(checkCustomerCsvFile({ name: 'a.csv', size: 11 * 1024 * 1024 })?.code).toBe(
      'csv_too_large',
    );
  });

  it('reads Windows-1252 files and refuses binary ones', () => {
    expect(decodeCsvBytes(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeCsvBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeNull();
  });

  it('knows identification types by code, TRA number and short name', () => {
    expect(readIdentificationType('tin')).toBe('TAX_IDENTIFICATION_NUMBER');
    expect(readIdentificationType('5')).toBe('NATIONAL_IDENTIFICATION_AUTHORITY');
    expect(readIdentificationType("Voter's ID")).toBe('VOTERS_NUMBER');
    expect(readIdentificationType('Driving licence')).toBe('DRIVING_LICENCE');
    expect(readIdentificationType('meter')).toBeNull();
  });

  it('refuses a row that repeats the VAT number of an earlier row', () => {
    const parsed = parseCustomerCsv(`${HEADER}\nA,NONE,,,,12345678A\nB,NONE,,,,12345678a\n`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => r.fields.name)).toEqual(['A']);
    expect(parsed.problems.map((p) => rowProblemText(p, english))).toEqual([
      'Row 3, column vat_registration_number: Customer VAT registration number duplicated',
    ]);
  });

  it('refuses a file whose quotes never close', () => {
    const parsed = parseCustomerCsv(`${HEADER}\n"A,NONE,,,,\n`);
    expect(parsed).toMatchObject({ ok: false, problem: { code: 'csv_unreadable' } });
  });
});

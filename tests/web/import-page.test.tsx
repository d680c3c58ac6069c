import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/db/db';
import { uploadCustomerFile } from '../../src/features/customers/import-customers';
import { customerCsvApi } from '../../src/workers/customer-csv';
import { useConnection } from '../../src/stores/connection';
import { useSession } from '../../src/stores/session';
import { json } from './helpers/fetch';
import { stubApiEdge } from './helpers/api-edge';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';
import { stubWorker } from './helpers/worker';

beforeEach(async () => {
  stubWorker(customerCsvApi);
  await resetLocalDatabase();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useConnection.setState({ status: 'unknown' });
  await signedOut();
});

const FILE = [
  'name,identification_type,identification_number,phone_number,email,vat_registration_number',
  'Asha Traders,TIN,123456789,0712345678,,',
  'Bad Tin,TIN,12345,,,',
  'Mama Ntilie,NO_IDENTIFICATION,,,,',
].join('\r\n');

async function chooseFile(text = FILE, name = 'wateja.csv') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File([text], name, { type: 'text/csv' }));
}

async function openImport(online: boolean) {
  const user = await signedIn();
  const edge = stubApiEdge(user, { online });
  await renderApp('/customers/import');
  await screen.findByRole('heading', { name: 'Import customers' });
  return edge;
}

describe('the import screen', () => {
  it('needs a .csv file', async () => {
    await openImport(false);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Please choose a CSV file to import');
    await chooseFile(FILE, 'wateja.xlsx');
    await screen.findByText('Only CSV files (.csv) can be imported');
    // Pressing Import again keeps the refused file in view with its own reason.
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Only CSV files (.csv) can be imported')).toBeTruthy();
    expect(screen.queryByText('Please choose a CSV file to import')).toBeNull();
    expect(screen.getByText('wateja.xlsx')).toBeTruthy();
  });

  it('lists the rows to fix, naming row and column, before anything is imported', async () => {
    await openImport(false);
    await chooseFile();
    await screen.findByText('Rows in the file: 3. Ready to import: 2. To fix: 1.');
    expect(
      screen.getByText('Row 3, column identification_number: Please enter a correct TIN number'),
    ).toBeTruthy();
    expect(await db.customers.count()).toBe(0);
  });

  it('uploads the file to the server, once, under a key made of its content', async () => {
    const edge = await openImport(true);
    const uploads: Request[] = [];
    edge.importAnswer = (request) => {
      uploads.push(request);
      return json(200, {
        total: 3,
        imported: 2,
        failed: [
          {
            row: 3,
            column: 'identification_number',
            message: 'Row 3, column identification_number: Please enter a correct TIN number',
          },
        ],
      });
    };
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 customers' }));
    await screen.findByText('2 customers imported.');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.headers.get('idempotency-key')).toMatch(/^customer-import-[0-9a-f]{64}$/);

    // The same file again is refused on the phone: it would add its customers twice.
    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    await chooseFile();
    await screen.findByText(/^This same file was already imported on/);
    expect(screen.getByRole('button', { name: 'Import 2 customers' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says how much of the file has gone out while it uploads', async () => {
    const edge = await openImport(true);
    const uploads: Request[] = [];
    edge.importAnswer = (request) => {
      uploads.push(request);
      return json(200, { total: 3, imported: 2, failed: [] });
    };
    const shares: number[] = [];
    const file = new File([FILE], 'wateja.csv', { type: 'text/csv' });
    const result = await uploadCustomerFile(
      useSession.getState().user!.company!.id,
      file,
      'a'.repeat(64),
      (share) => shares.push(share),
    );
    expect(result).toMatchObject({ via: 'server', imported: 2, replayed: false });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(shares.length).toBeGreaterThan(1);
    expect(shares[0]!).toBeGreaterThan(0);
    expect(shares[0]!).toBeLessThan(1);
    expect(shares.at(-1)).toBe(1);
  });

  it('stores the rows on the phone for the outbox when the server cannot be reached', async () => {
    await openImport(false);
    useConnection.setState({ status: 'offline' });
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 customers' }));
    await screen.findByText(
      '2 customers saved on this phone. They are sent to the server when it answers.',
    );
    expect((await db.customers.toArray()).map((c) => c.name).sort()).toEqual([
      'Asha Traders',
      'Mama Ntilie',
    ]);
    expect(await db.outbox.count()).toBe(2);
  });

  it('finds the server gone before uploading, and stores the rows on the phone instead', async () => {
    const edge = await openImport(false);
    edge.importAnswer = () => {
      throw new Error('nothing may be uploaded');
    };
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 customers' }));
    await screen.findByText(
      '2 customers saved on this phone. They are sent to the server when it answers.',
    );
    expect(edge.seen.some((r) => r.path === '/v1/accounting/customers/import')).toBe(false);
    expect(await db.outbox.count()).toBe(2);
  });

  it('after an upload without an answer, allows only the same upload again', async () => {
    const edge = await openImport(true);
    edge.importAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 customers' }));
    await screen.findByText(/^The server did not answer, so the import may not have finished/);

    // Now offline: storing the rows on the phone could register them twice.
    useConnection.setState({ status: 'offline' });
    await waitFor(() =>
      expect(screen.getByText('Wait until the server answers to import this file.')).toBeTruthy(),
    );
    expect(screen.getByRole('button', { name: 'Import 2 customers' })).toHaveProperty(
      'disabled',
      true,
    );

    // Back online, the same upload goes again and the server's answer is shown.
    useConnection.setState({ status: 'online' });
    edge.importAnswer = () => json(200, { total: 3, imported: 2, failed: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 customers' }));
    await screen.findByText('2 customers imported.');
    expect(await db.customers.count()).toBe(0);
  });
});

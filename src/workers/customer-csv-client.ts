// The page's handle on the customer CSV worker, started on first use and kept for the session.
import { wrap, type Remote } from 'comlink';
import type { CustomerCsvWorkerApi } from './customer-csv';

let remote: Remote<CustomerCsvWorkerApi> | null = null;

export function customerCsvWorker(): Remote<CustomerCsvWorkerApi> {
  remote ??= wrap<CustomerCsvWorkerApi>(
    new Worker(new URL('./customer-csv.worker.ts', import.meta.url), {
      type: 'module',
      name: 'customer-csv',
    }),
  );
  return remote;
}

// The customer CSV worker: parsing and checking 10,000 rows here keeps the page responsive.
import { expose } from 'comlink';
import { customerCsvApi } from './customer-csv';

expose(customerCsvApi);

-- The invoice list's search looked in six fields of every invoice, three of them inside the
-- customer's JSON, each with ILIKE: 8 µs an invoice on PGlite, 81 ms for a search on 10,000.
-- One lower-cased text kept by the database for each invoice is read with one LIKE instead.
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(customer->>'name', '') || chr(10) || coalesce(customer->>'identificationNumber', '') || chr(10) || coalesce(customer->>'phoneNumber', '') || chr(10) || coalesce(reference, '') || chr(10) || coalesce(accounting_number, '') || chr(10) || coalesce(verification_code, ''))) STORED;

-- Ids chosen by devices are unique within their company only: every such table is keyed by
-- (company_id, id) and refers to its own company's records through (company_id, x_id).
-- Order: drop the foreign keys that depend on the old keys, swap the keys, add the new ones.
ALTER TABLE "invoice_products" DROP CONSTRAINT "invoice_products_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_products" DROP CONSTRAINT "invoice_products_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "expense_attachment_blobs" DROP CONSTRAINT "expense_attachment_blobs_attachment_id_expense_attachments_id_fk";--> statement-breakpoint
ALTER TABLE "expense_attachments" DROP CONSTRAINT "expense_attachments_expense_id_expenses_id_fk";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_category_id_expense_categories_id_fk";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_vendor_id_vendors_id_fk";--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_invoice_id_sales_invoice_id_fk";--> statement-breakpoint
DROP INDEX "fiscal_receipts_invoice_idx";--> statement-breakpoint
DROP INDEX "invoice_products_product_idx";--> statement-breakpoint
DROP INDEX "invoices_customer_idx";--> statement-breakpoint
DROP INDEX "expense_attachments_expense_idx";--> statement-breakpoint
DROP INDEX "expenses_vendor_idx";--> statement-breakpoint
DROP INDEX "expenses_category_idx";--> statement-breakpoint
ALTER TABLE "invoice_products" ADD COLUMN "company_id" uuid;--> statement-breakpoint
UPDATE "invoice_products" SET "company_id" = "invoices"."company_id" FROM "invoices" WHERE "invoices"."id" = "invoice_products"."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_products" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tombstones" DROP CONSTRAINT "tombstones_entity_id_pk";--> statement-breakpoint
ALTER TABLE "invoice_products" DROP CONSTRAINT "invoice_products_invoice_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_invoice_id_line_no_pk";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";--> statement-breakpoint
ALTER TABLE "expense_attachment_blobs" DROP CONSTRAINT "expense_attachment_blobs_pkey";--> statement-breakpoint
ALTER TABLE "expense_attachments" DROP CONSTRAINT "expense_attachments_pkey";--> statement-breakpoint
ALTER TABLE "expense_categories" DROP CONSTRAINT "expense_categories_pkey";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_pkey";--> statement-breakpoint
ALTER TABLE "vendors" DROP CONSTRAINT "vendors_pkey";--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_pkey";--> statement-breakpoint
ALTER TABLE "tombstones" ADD CONSTRAINT "tombstones_company_id_entity_id_pk" PRIMARY KEY("company_id","entity","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_company_id_invoice_id_product_id_pk" PRIMARY KEY("company_id","invoice_id","product_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "expense_attachment_blobs" ADD CONSTRAINT "expense_attachment_blobs_company_id_attachment_id_pk" PRIMARY KEY("company_id","attachment_id");--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_company_id_invoice_id_line_no_pk" PRIMARY KEY("company_id","invoice_id","line_no");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_invoice_id_pk" PRIMARY KEY("company_id","invoice_id");--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_fk" FOREIGN KEY ("company_id","corrects_invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachment_blobs" ADD CONSTRAINT "expense_attachment_blobs_attachment_fk" FOREIGN KEY ("company_id","attachment_id") REFERENCES "public"."expense_attachments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_expense_fk" FOREIGN KEY ("company_id","expense_id") REFERENCES "public"."expenses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("company_id","category_id") REFERENCES "public"."expense_categories"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_fk" FOREIGN KEY ("company_id","vendor_id") REFERENCES "public"."vendors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."sales"("company_id","invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_invoice_idx" ON "fiscal_receipts" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_products_product_idx" ON "invoice_products" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("company_id","customer_id") WHERE "invoices"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "expense_attachments_expense_idx" ON "expense_attachments" USING btree ("company_id","expense_id");--> statement-breakpoint
CREATE INDEX "expenses_vendor_idx" ON "expenses" USING btree ("company_id","vendor_id") WHERE "expenses"."vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "expenses_category_idx" ON "expenses" USING btree ("company_id","category_id") WHERE "expenses"."category_id" is not null;

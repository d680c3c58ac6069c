CREATE TABLE "invoice_products" (
	"invoice_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "invoice_products_invoice_id_product_id_pk" PRIMARY KEY("invoice_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"date" text NOT NULL,
	"operator_id" uuid,
	"operator_name" text,
	"customer_id" uuid,
	"customer" jsonb NOT NULL,
	"amounts_include_tax" boolean NOT NULL,
	"items" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"line_totals" jsonb NOT NULL,
	"tax_groups" jsonb NOT NULL,
	"total_discount" bigint NOT NULL,
	"sub_total" bigint NOT NULL,
	"total_excluding_tax" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"total_including_tax" bigint NOT NULL,
	"reference" text,
	"accounting_number" text,
	"origin" text NOT NULL,
	"corrects_invoice_id" uuid,
	"receipt_number" integer,
	"verification_code" text,
	"public_id" text NOT NULL,
	"last_device_id" text,
	"seq" bigint NOT NULL,
	"submitted_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_products" ADD CONSTRAINT "invoice_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_products_product_idx" ON "invoice_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_id_idx" ON "invoices" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "invoices_company_seq_idx" ON "invoices" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "invoices_company_date_idx" ON "invoices" USING btree ("company_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_status_date_idx" ON "invoices" USING btree ("company_id","status","date","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id") WHERE "invoices"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_company_receipt_idx" ON "invoices" USING btree ("company_id","receipt_number") WHERE "invoices"."receipt_number" is not null;
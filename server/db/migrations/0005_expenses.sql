CREATE TABLE "expense_attachment_blobs" (
	"attachment_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"preset" text,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"receipt_code" text NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"currency" text NOT NULL,
	"rate_micros" bigint NOT NULL,
	"amount_type" text NOT NULL,
	"category_id" uuid,
	"vendor_id" uuid,
	"vendor" jsonb,
	"items" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"line_totals" jsonb NOT NULL,
	"net_amount" bigint NOT NULL,
	"total_vat" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"net_amount_tzs" bigint NOT NULL,
	"total_vat_tzs" bigint NOT NULL,
	"total_amount_tzs" bigint NOT NULL,
	"lookup_status" text,
	"lookup_time" text,
	"lookup_error" text,
	"lookup_attempts" integer DEFAULT 0 NOT NULL,
	"lookup_next_at" timestamp with time zone,
	"lookup_lease_until" timestamp with time zone,
	"lookup_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_by_name" text,
	"seq" bigint NOT NULL,
	"processed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tin" text NOT NULL,
	"vrn" text,
	"serial" text,
	"phone" text,
	"address" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expense_attachment_blobs" ADD CONSTRAINT "expense_attachment_blobs_attachment_id_expense_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."expense_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachment_blobs" ADD CONSTRAINT "expense_attachment_blobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_id_expense_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_attachments_company_seq_idx" ON "expense_attachments" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "expense_attachments_expense_idx" ON "expense_attachments" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_categories_company_seq_idx" ON "expense_categories" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_code_idx" ON "expense_categories" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "expenses_company_seq_idx" ON "expenses" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_receipt_code_idx" ON "expenses" USING btree ("company_id","receipt_code");--> statement-breakpoint
CREATE INDEX "expenses_company_date_idx" ON "expenses" USING btree ("company_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "expenses_vendor_idx" ON "expenses" USING btree ("vendor_id") WHERE "expenses"."vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "expenses_category_idx" ON "expenses" USING btree ("category_id") WHERE "expenses"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "expenses_lookup_due_idx" ON "expenses" USING btree ("lookup_next_at") WHERE "expenses"."lookup_status" in ('queued', 'reading');--> statement-breakpoint
CREATE INDEX "vendors_company_seq_idx" ON "vendors" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_tin_idx" ON "vendors" USING btree ("company_id","tin");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_serial_idx" ON "vendors" USING btree ("company_id","serial") WHERE "vendors"."serial" is not null;
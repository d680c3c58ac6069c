CREATE TABLE "sale_lines" (
	"invoice_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"company_id" uuid NOT NULL,
	"date" text NOT NULL,
	"product_id" uuid,
	"product_key" text NOT NULL,
	"description" text NOT NULL,
	"tax_type" text NOT NULL,
	"quantity" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"discount" bigint NOT NULL,
	CONSTRAINT "sale_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"weekday" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"status" text NOT NULL,
	"tra_status" text NOT NULL,
	"receipt_number" integer NOT NULL,
	"verification_code" text NOT NULL,
	"operator_id" uuid,
	"operator_name" text NOT NULL,
	"customer_id" uuid,
	"customer_key" text NOT NULL,
	"customer_name" text NOT NULL,
	"total_excl" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total_incl" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"a_net" bigint,
	"a_tax" bigint,
	"c_net" bigint,
	"c_tax" bigint,
	"d_net" bigint,
	"d_tax" bigint,
	"e_net" bigint,
	"e_tax" bigint,
	"pay_cash" bigint NOT NULL,
	"pay_cheque" bigint NOT NULL,
	"pay_ccard" bigint NOT NULL,
	"pay_emoney" bigint NOT NULL,
	"pay_invoice" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_cursors" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_customers" (
	"company_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"customer_key" text NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"receipts" integer DEFAULT 0 NOT NULL,
	"total_incl" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_customers_company_id_slot_customer_key_pk" PRIMARY KEY("company_id","slot","customer_key")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"company_id" uuid NOT NULL,
	"date" text NOT NULL,
	"operator_key" text NOT NULL,
	"operator_id" uuid,
	"operator_name" text NOT NULL,
	"status" text NOT NULL,
	"receipts" integer DEFAULT 0 NOT NULL,
	"total_excl" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total_incl" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"a_net" bigint DEFAULT 0 NOT NULL,
	"a_tax" bigint DEFAULT 0 NOT NULL,
	"c_net" bigint DEFAULT 0 NOT NULL,
	"c_tax" bigint DEFAULT 0 NOT NULL,
	"d_net" bigint DEFAULT 0 NOT NULL,
	"d_tax" bigint DEFAULT 0 NOT NULL,
	"e_net" bigint DEFAULT 0 NOT NULL,
	"e_tax" bigint DEFAULT 0 NOT NULL,
	"pay_cash" bigint DEFAULT 0 NOT NULL,
	"pay_cheque" bigint DEFAULT 0 NOT NULL,
	"pay_ccard" bigint DEFAULT 0 NOT NULL,
	"pay_emoney" bigint DEFAULT 0 NOT NULL,
	"pay_invoice" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_company_id_date_operator_key_status_pk" PRIMARY KEY("company_id","date","operator_key","status")
);
--> statement-breakpoint
CREATE TABLE "sales_hours" (
	"company_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"weekday" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"operator_key" text NOT NULL,
	"status" text NOT NULL,
	"receipts" integer DEFAULT 0 NOT NULL,
	"total_incl" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_hours_company_id_slot_weekday_hour_operator_key_status_pk" PRIMARY KEY("company_id","slot","weekday","hour","operator_key","status")
);
--> statement-breakpoint
CREATE TABLE "sales_products" (
	"company_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_products_company_id_slot_product_key_pk" PRIMARY KEY("company_id","slot","product_key")
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_invoice_id_sales_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales"("invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_cursors" ADD CONSTRAINT "sales_cursors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_customers" ADD CONSTRAINT "sales_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_hours" ADD CONSTRAINT "sales_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_products" ADD CONSTRAINT "sales_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_lines_company_date_idx" ON "sale_lines" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "sale_lines_company_product_idx" ON "sale_lines" USING btree ("company_id","product_id") WHERE "sale_lines"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_company_date_idx" ON "sales" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "sales_company_operator_idx" ON "sales" USING btree ("company_id","operator_id","date");--> statement-breakpoint
CREATE INDEX "sales_company_customer_idx" ON "sales" USING btree ("company_id","customer_id","date");
CREATE TABLE "change_counters" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response_body" text,
	"response_type" text,
	"locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "tombstones" (
	"entity" text NOT NULL,
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tombstones_entity_id_pk" PRIMARY KEY("entity","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"identification_type" text NOT NULL,
	"identification_number" text,
	"phone_number" text,
	"email" text,
	"vat_registration_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"unit_price" bigint,
	"tax_type" text NOT NULL,
	"price_includes_vat" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_counters" ADD CONSTRAINT "change_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tombstones" ADD CONSTRAINT "tombstones_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expiry_idx" ON "idempotency_keys" USING btree ("scope","expires_at");--> statement-breakpoint
CREATE INDEX "tombstones_company_seq_idx" ON "tombstones" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "customers_company_seq_idx" ON "customers" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_identification_idx" ON "customers" USING btree ("company_id","identification_type","identification_number") WHERE "customers"."identification_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_vrn_idx" ON "customers" USING btree ("company_id","vat_registration_number") WHERE "customers"."vat_registration_number" is not null;--> statement-breakpoint
CREATE INDEX "products_company_seq_idx" ON "products" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_idx" ON "products" USING btree ("company_id","name_key");
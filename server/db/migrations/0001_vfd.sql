CREATE TABLE "fiscal_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	"gc" integer NOT NULL,
	"dc" integer NOT NULL,
	"znum" text NOT NULL,
	"rctvnum" text NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"verification_url" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_id_type" integer NOT NULL,
	"customer_id" text NOT NULL,
	"customer_mobile" text NOT NULL,
	"total_excl_cents" bigint NOT NULL,
	"total_tax_cents" bigint NOT NULL,
	"total_incl_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"vat_totals" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tra_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"ack_code" integer,
	"message" text,
	"response" text
);
--> statement-breakpoint
CREATE TABLE "tra_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"rejections" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"ack_code" integer,
	"ack_message" text,
	"response" text,
	"settled_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"rejection_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vfd_counters" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"next_gc" integer NOT NULL,
	"last_date" text,
	"last_dc" integer DEFAULT 0 NOT NULL,
	"last_issued_at" timestamp with time zone,
	"next_seq" integer DEFAULT 1 NOT NULL,
	"z_reported_through" text
);
--> statement-breakpoint
CREATE TABLE "vfd_leases" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"fence" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vfds" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"certificate_id" uuid NOT NULL,
	"pfx_sealed" text NOT NULL,
	"pfx_password_sealed" text NOT NULL,
	"cert_serial_hex" text NOT NULL,
	"cert_serial_override" text,
	"cert_subject" text NOT NULL,
	"cert_issuer" text NOT NULL,
	"cert_not_before" timestamp with time zone NOT NULL,
	"cert_not_after" timestamp with time zone NOT NULL,
	"cert_fingerprint" text NOT NULL,
	"cert_uploaded_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"registered_serial" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"reg_id" text NOT NULL,
	"serial" text NOT NULL,
	"uin" text NOT NULL,
	"receipt_code" text NOT NULL,
	"routing_key" text NOT NULL,
	"token_path" text NOT NULL,
	"tra_username" text NOT NULL,
	"tra_password_sealed" text NOT NULL,
	"registration" jsonb NOT NULL,
	"token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "z_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"outbox_id" uuid NOT NULL,
	"date" text NOT NULL,
	"tickets" integer NOT NULL,
	"daily_total_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discounts_cents" bigint NOT NULL,
	"vat_totals" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tra_sim_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"cert_pem" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tra_sim_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"rctvnum" text NOT NULL,
	"gc" integer NOT NULL,
	"dc" integer NOT NULL,
	"znum" text NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"body" text NOT NULL,
	"body_hash" text NOT NULL,
	"ack_code" integer NOT NULL,
	"ack_message" text NOT NULL,
	"posts" integer DEFAULT 1 NOT NULL,
	"total_incl_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tra_sim_taxpayers" (
	"serial" text PRIMARY KEY NOT NULL,
	"tin" text NOT NULL,
	"vrn" text,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"address" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"tax_office" text NOT NULL,
	"cert_pem" text NOT NULL,
	"previous_cert_pems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cert_serial" text NOT NULL,
	"reg_id" text NOT NULL,
	"uin" text NOT NULL,
	"receipt_code" text NOT NULL,
	"gc_start" integer NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"registered_at" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"last_gc" integer,
	"last_dc" integer,
	"last_date" text,
	"last_time" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tra_sim_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tra_sim_zreports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"znumber" text NOT NULL,
	"body" text NOT NULL,
	"body_hash" text NOT NULL,
	"ack_code" integer NOT NULL,
	"ack_message" text NOT NULL,
	"posts" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_outbox_id_tra_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."tra_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tra_attempts" ADD CONSTRAINT "tra_attempts_outbox_id_tra_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."tra_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tra_outbox" ADD CONSTRAINT "tra_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vfd_counters" ADD CONSTRAINT "vfd_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vfd_leases" ADD CONSTRAINT "vfd_leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vfds" ADD CONSTRAINT "vfds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_outbox_id_tra_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."tra_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_invoice_idx" ON "fiscal_receipts" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_company_gc_idx" ON "fiscal_receipts" USING btree ("company_id","gc");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_rctvnum_idx" ON "fiscal_receipts" USING btree ("rctvnum");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_outbox_idx" ON "fiscal_receipts" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_company_date_idx" ON "fiscal_receipts" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "tra_attempts_outbox_idx" ON "tra_attempts" USING btree ("outbox_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tra_outbox_company_seq_idx" ON "tra_outbox" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "tra_outbox_pending_idx" ON "tra_outbox" USING btree ("next_attempt_at") WHERE "tra_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tra_outbox_company_status_idx" ON "tra_outbox" USING btree ("company_id","status","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_company_date_idx" ON "z_reports" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_outbox_idx" ON "z_reports" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tra_sim_receipts_rctvnum_idx" ON "tra_sim_receipts" USING btree ("rctvnum");--> statement-breakpoint
CREATE UNIQUE INDEX "tra_sim_receipts_serial_gc_idx" ON "tra_sim_receipts" USING btree ("serial","gc");--> statement-breakpoint
CREATE INDEX "tra_sim_receipts_serial_date_idx" ON "tra_sim_receipts" USING btree ("serial","date");--> statement-breakpoint
CREATE UNIQUE INDEX "tra_sim_taxpayers_cert_idx" ON "tra_sim_taxpayers" USING btree ("cert_serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tra_sim_taxpayers_receipt_code_idx" ON "tra_sim_taxpayers" USING btree ("receipt_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tra_sim_zreports_serial_znumber_idx" ON "tra_sim_zreports" USING btree ("serial","znumber");
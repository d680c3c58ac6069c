CREATE TABLE "ai_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"granted" boolean NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"preset" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"locale" text NOT NULL,
	"status" text NOT NULL,
	"requests" integer DEFAULT 1 NOT NULL,
	"lease_until" timestamp with time zone,
	"insights" jsonb,
	"error" text,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_consents" ADD CONSTRAINT "ai_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_tasks" ADD CONSTRAINT "insight_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_tasks" ADD CONSTRAINT "insight_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_tasks_user_day_idx" ON "insight_tasks" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "insight_tasks_cache_idx" ON "insight_tasks" USING btree ("company_id","type","first_day","last_day","locale","day") WHERE "insight_tasks"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "insight_tasks_due_idx" ON "insight_tasks" USING btree ("created_at") WHERE "insight_tasks"."status" in ('queued', 'running');
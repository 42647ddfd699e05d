CREATE TABLE "mail_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"transport" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_jobs_status" CHECK ("mail_jobs"."status" IN ('queued', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"patient_id" uuid,
	"staff_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_one_account" CHECK (("password_reset_tokens"."role" = 'patient' AND "password_reset_tokens"."patient_id" IS NOT NULL AND "password_reset_tokens"."staff_id" IS NULL) OR ("password_reset_tokens"."role" <> 'patient' AND "password_reset_tokens"."staff_id" IS NOT NULL AND "password_reset_tokens"."patient_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_jobs_due_idx" ON "mail_jobs" USING btree ("run_at") WHERE "mail_jobs"."status" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mail_jobs_created_idx" ON "mail_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_jobs_dedupe_key" ON "mail_jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_patient_idx" ON "password_reset_tokens" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_staff_idx" ON "password_reset_tokens" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires_at");
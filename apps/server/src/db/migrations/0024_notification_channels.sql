CREATE TABLE "notification_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	CONSTRAINT "notification_attempts_channel" CHECK ("notification_attempts"."channel" IN ('email', 'whatsapp')),
	CONSTRAINT "notification_attempts_result" CHECK ("notification_attempts"."result" IN ('sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "patient_channels" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"whatsapp_consent_at" timestamp with time zone,
	"whatsapp_consent_version" text,
	"whatsapp_revoked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_job_id_mail_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."mail_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_channels" ADD CONSTRAINT "patient_channels_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_attempts_job_idx" ON "notification_attempts" USING btree ("job_id","at");--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_channel" CHECK ("mail_jobs"."channel" IN ('email', 'whatsapp'));
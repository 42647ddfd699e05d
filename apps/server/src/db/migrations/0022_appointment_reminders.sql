CREATE TABLE "appointment_reminders" (
	"appointment_id" uuid NOT NULL,
	"horas" integer NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_horas_pk" PRIMARY KEY("appointment_id","horas")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia_confirmada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_token_key" ON "appointment_reminders" USING btree ("token_hash");--> statement-breakpoint
-- Hand-written (decision 0052, issue 24 item 7; keep as its own block when renumbering):
-- reminders are now sent by the sweep with a confirm link; the reminders the old code queued at
-- confirmation (dedupe key 'appointment-reminder:<id>', not sent yet) are withdrawn, or patients
-- would get both.
UPDATE "mail_jobs" SET "status" = 'cancelled', "payload" = NULL, "locked_until" = NULL, "dedupe_key" = NULL
WHERE "status" = 'queued' AND "kind" = 'appointmentReminder' AND "dedupe_key" ~ '^appointment-reminder:[0-9a-f-]{36}$';

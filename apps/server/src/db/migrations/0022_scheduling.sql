CREATE TABLE "appointment_reminders" (
	"appointment_id" uuid NOT NULL,
	"horas" integer NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_horas_pk" PRIMARY KEY("appointment_id","horas")
);
--> statement-breakpoint
CREATE TABLE "doctor_calendar_feeds" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia_confirmada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "secuencia" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reprogramada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia_por" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_calendar_feeds" ADD CONSTRAINT "doctor_calendar_feeds_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_calendar_feeds" ADD CONSTRAINT "doctor_calendar_feeds_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_token_key" ON "appointment_reminders" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_calendar_feeds_token_key" ON "doctor_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_asistencia_por_staff_id_fk" FOREIGN KEY ("asistencia_por") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_patient_no_show_idx" ON "appointments" USING btree ("patient_id") WHERE "appointments"."asistencia" = 'no_asistio';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendance_active" CHECK ("appointments"."asistencia" IS NULL OR "appointments"."estado" = 'confirmada');--> statement-breakpoint
-- Hand-written (decision 0052, issue 24 item 7; keep as its own block when renumbering):
-- reminders are now sent by the sweep with a confirm link; the reminders the old code queued at
-- confirmation (dedupe key 'appointment-reminder:<id>', not sent yet) are withdrawn, or patients
-- would get both.
UPDATE "mail_jobs" SET "status" = 'cancelled', "payload" = NULL, "locked_until" = NULL, "dedupe_key" = NULL
WHERE "status" = 'queued' AND "kind" = 'appointmentReminder' AND "dedupe_key" ~ '^appointment-reminder:[0-9a-f-]{36}$';

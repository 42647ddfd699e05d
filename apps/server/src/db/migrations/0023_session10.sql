CREATE TABLE "appointment_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"servicio" text NOT NULL,
	"fecha" date NOT NULL,
	"estado" text DEFAULT 'activa' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "appointment_waitlist_ended" CHECK (("appointment_waitlist"."estado" = 'activa') = ("appointment_waitlist"."ended_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"token" text NOT NULL,
	"hora" text NOT NULL,
	"estado" text DEFAULT 'abierta' NOT NULL,
	"expira_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_hora_slot" CHECK ("waitlist_offers"."hora" ~ '^([01][0-9]|2[0-3]):00$')
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"origen" text NOT NULL,
	"resultado" text NOT NULL,
	"archivo" text,
	"size_bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_resultado_check" CHECK ("backup_runs"."resultado" in ('ok', 'error')),
	CONSTRAINT "backup_runs_origen_check" CHECK ("backup_runs"."origen" in ('programada', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "consultation_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"consultation_id" uuid NOT NULL,
	"started_by" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "consultation_calls_end_check" CHECK (("consultation_calls"."ended_at" IS NULL) = ("consultation_calls"."end_reason" IS NULL) AND ("consultation_calls"."ended_at" IS NULL OR ("consultation_calls"."started_at" IS NOT NULL AND "consultation_calls"."ended_at" >= "consultation_calls"."started_at")))
);
--> statement-breakpoint
CREATE TABLE "video_consents" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_appointment_waitlist_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."appointment_waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_calls" ADD CONSTRAINT "consultation_calls_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consents" ADD CONSTRAINT "video_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waitlist_active_key" ON "appointment_waitlist" USING btree ("patient_id","doctor_id","servicio","fecha") WHERE "appointment_waitlist"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_doctor_date_idx" ON "appointment_waitlist" USING btree ("doctor_id","fecha") WHERE "appointment_waitlist"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_patient_idx" ON "appointment_waitlist" USING btree ("patient_id") WHERE "appointment_waitlist"."estado" = 'activa';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_key" ON "waitlist_offers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_key" ON "waitlist_offers" USING btree ("entry_id","hora") WHERE "waitlist_offers"."estado" = 'abierta';--> statement-breakpoint
CREATE INDEX "waitlist_offers_expiry_idx" ON "waitlist_offers" USING btree ("expira_at") WHERE "waitlist_offers"."estado" = 'abierta';--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "consultation_calls_consultation_idx" ON "consultation_calls" USING btree ("consultation_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_calls_one_active_key" ON "consultation_calls" USING btree ("consultation_id") WHERE "consultation_calls"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "appointments_pending_created_idx" ON "appointments" USING btree ("created_at") WHERE "appointments"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "payments_waiting_review_idx" ON "payments" USING btree ("created_at") WHERE "payments"."estado" = 'pendiente' AND "payments"."reembolso_estado" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_refund_owed_idx" ON "payments" USING btree ("monto_cents") WHERE "payments"."reembolso_estado" = 'pendiente';
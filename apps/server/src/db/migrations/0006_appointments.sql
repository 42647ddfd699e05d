CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"servicio" text NOT NULL,
	"fecha" date NOT NULL,
	"hora" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"mensaje" text NOT NULL,
	"estado" text NOT NULL,
	"reservada_hasta" timestamp with time zone,
	"payment_id" uuid,
	"cancelada_por" text,
	"cancelada_por_staff" uuid,
	"motivo_cancelacion" text,
	"cancelada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_hora_slot" CHECK ("appointments"."hora" ~ '^([01][0-9]|2[0-3]):00$'),
	CONSTRAINT "appointments_paid_or_held" CHECK ("appointments"."payment_id" IS NOT NULL OR ("appointments"."estado" IN ('reservada', 'cancelada') AND "appointments"."reservada_hasta" IS NOT NULL)),
	CONSTRAINT "appointments_held_until" CHECK ("appointments"."estado" <> 'reservada' OR "appointments"."reservada_hasta" IS NOT NULL),
	CONSTRAINT "appointments_cancelled_by" CHECK (("appointments"."estado" = 'cancelada') = ("appointments"."cancelada_por" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "doctor_blocked_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelada_por_staff_staff_id_fk" FOREIGN KEY ("cancelada_por_staff") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_blocked_dates" ADD CONSTRAINT "doctor_blocked_dates_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_token_key" ON "appointments" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_payment_key" ON "appointments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_key" ON "appointments" USING btree ("doctor_id","fecha","hora") WHERE "appointments"."estado" <> 'cancelada';--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("patient_id","inicio");--> statement-breakpoint
CREATE INDEX "appointments_doctor_date_idx" ON "appointments" USING btree ("doctor_id","fecha");--> statement-breakpoint
CREATE INDEX "appointments_inicio_idx" ON "appointments" USING btree ("inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_blocked_dates_key" ON "doctor_blocked_dates" USING btree ("doctor_id","fecha");
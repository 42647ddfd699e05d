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
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_appointment_waitlist_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."appointment_waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waitlist_active_key" ON "appointment_waitlist" USING btree ("patient_id","doctor_id","servicio","fecha") WHERE "appointment_waitlist"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_doctor_date_idx" ON "appointment_waitlist" USING btree ("doctor_id","fecha") WHERE "appointment_waitlist"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_patient_idx" ON "appointment_waitlist" USING btree ("patient_id") WHERE "appointment_waitlist"."estado" = 'activa';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_key" ON "waitlist_offers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_key" ON "waitlist_offers" USING btree ("entry_id","hora") WHERE "waitlist_offers"."estado" = 'abierta';--> statement-breakpoint
CREATE INDEX "waitlist_offers_expiry_idx" ON "waitlist_offers" USING btree ("expira_at") WHERE "waitlist_offers"."estado" = 'abierta';
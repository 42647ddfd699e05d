CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"nombre" text NOT NULL,
	"encrypted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"cedula" text NOT NULL,
	"correo" text NOT NULL,
	"password_hash" text NOT NULL,
	"nacionalidad" text NOT NULL,
	"genero" text NOT NULL,
	"edad" integer NOT NULL,
	"direccion" text NOT NULL,
	"country_code" text NOT NULL,
	"celular" text NOT NULL,
	"acuerdo" boolean NOT NULL,
	"acuerdo_at" timestamp with time zone NOT NULL,
	"primera_consulta" integer DEFAULT 1 NOT NULL,
	"image_cedula_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"patient_id" uuid,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_one_account" CHECK (("sessions"."role" = 'patient' AND "sessions"."patient_id" IS NOT NULL AND "sessions"."staff_id" IS NULL) OR ("sessions"."role" <> 'patient' AND "sessions"."staff_id" IS NOT NULL AND "sessions"."patient_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"correo" text NOT NULL,
	"password_hash" text NOT NULL,
	"servicio" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_doctor_has_service" CHECK (("staff"."role" = 'doctor') = ("staff"."servicio" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_image_cedula_file_id_files_id_fk" FOREIGN KEY ("image_cedula_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_correo_key" ON "patients" USING btree ("correo");--> statement-breakpoint
CREATE INDEX "sessions_patient_idx" ON "sessions" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "sessions_staff_idx" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_role_correo_key" ON "staff" USING btree ("role","correo");
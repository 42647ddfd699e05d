CREATE TABLE "document_counters" (
	"tipo" text NOT NULL,
	"ano" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "document_counters_tipo_ano_pk" PRIMARY KEY("tipo","ano")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "perfil_nombre" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "perfil_sexo" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "perfil_especialidad" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "perfil_registro" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "perfil_codigo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "anulado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "anulado_motivo" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "anulado_por" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reemplaza_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_anulado_por_staff_id_fk" FOREIGN KEY ("anulado_por") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reemplaza_id_documents_id_fk" FOREIGN KEY ("reemplaza_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_numero_key" ON "documents" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_reemplaza_key" ON "documents" USING btree ("reemplaza_id");--> statement-breakpoint
-- The registration number and code move from the signature's row to the doctor's profile
-- (decision 0041); the name and speciality start from the account's, the sex is asked of the doctor.
UPDATE "staff" SET "perfil_registro" = p."reg_number", "perfil_codigo" = p."doctor_code"
  FROM "doctor_document_profiles" p WHERE p."staff_id" = "staff"."id";--> statement-breakpoint
UPDATE "staff" SET "perfil_nombre" = "nombre" || ' ' || "apellido",
  "perfil_especialidad" = CASE "servicio" WHEN 'consulta_general' THEN 'Medicina General' WHEN 'psicologia' THEN 'Psicología' WHEN 'medicina_interna' THEN 'Medicina Interna' END
  WHERE "role" = 'doctor';--> statement-breakpoint
ALTER TABLE "doctor_document_profiles" DROP COLUMN "reg_number";--> statement-breakpoint
ALTER TABLE "doctor_document_profiles" DROP COLUMN "doctor_code";--> statement-breakpoint
-- An annulment is recorded whole: its date and its reason together.
ALTER TABLE "documents" ADD CONSTRAINT "documents_annulment_whole" CHECK (("anulado_at" IS NULL) = ("anulado_motivo" IS NULL));

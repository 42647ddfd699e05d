DROP INDEX "documents_correo_paciente_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "nombre_paciente" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "cedula_paciente" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_patient_idx" ON "documents" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_unlinked_idx" ON "documents" USING btree ("created_at") WHERE "documents"."patient_id" IS NULL;--> statement-breakpoint
-- Existing documents were shown to whoever held the address in correo_paciente, and addresses were
-- never verified (issue 18). Bind one to the account of that address only when that cannot be a
-- squatter: the account existed when the document was issued AND it was already the issuing
-- doctor's patient (a consultation, or an appointment that was paid for or awaits its receipt's
-- review). Everything else stays unlinked for an administrator to link after checking the cédula
-- (docs/decisions/0024-documents-bound-to-patients.md).
UPDATE "documents" AS d
SET "patient_id" = p."id"
FROM "patients" AS p
WHERE d."patient_id" IS NULL
  AND p."correo" = d."correo_paciente"
  AND p."created_at" <= d."created_at"
  AND (
    EXISTS (SELECT 1 FROM "consultations" AS c WHERE c."patient_id" = p."id" AND c."doctor_id" = d."staff_id" AND c."fecha_registro" <= d."created_at")
    OR EXISTS (SELECT 1 FROM "appointments" AS a WHERE a."patient_id" = p."id" AND a."doctor_id" = d."staff_id" AND a."estado" IN ('pendiente', 'confirmada') AND a."created_at" <= d."created_at")
  );

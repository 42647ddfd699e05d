CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" uuid,
	"actor_correo" text,
	"action" text NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"patient_id" uuid,
	"outcome" text NOT NULL,
	"status_code" integer,
	"method" text,
	"path" text,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "consultation_exam_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"subido_por" text NOT NULL,
	"patient_id" uuid,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_exam_files_uploader" CHECK (("consultation_exam_files"."subido_por" = 'patient' AND "consultation_exam_files"."patient_id" IS NOT NULL) OR ("consultation_exam_files"."subido_por" = 'doctor' AND "consultation_exam_files"."staff_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"sugerencia" text NOT NULL,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_not_blank" CHECK (length(btrim("suggestions"."sugerencia")) > 0)
);
--> statement-breakpoint
ALTER TABLE "consultation_exam_files" ADD CONSTRAINT "consultation_exam_files_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_exam_files" ADD CONSTRAINT "consultation_exam_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_exam_files" ADD CONSTRAINT "consultation_exam_files_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_exam_files" ADD CONSTRAINT "consultation_exam_files_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultation_exam_files_consultation_idx" ON "consultation_exam_files" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "suggestions_fecha_idx" ON "suggestions" USING btree ("fecha_registro" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_patient_idx" ON "suggestions" USING btree ("patient_id");--> statement-breakpoint
-- Hand-written (issue 6): what Drizzle cannot describe. Case- and accent-folding for the first-name
-- searches, by translate() (PGlite has no unaccent); IMMUTABLE, so expression indexes can use it.
CREATE OR REPLACE FUNCTION clinica_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(translate(t, 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãåéèêëíìîïóòôöõúùûüñçýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUNCYaaaaaaeeeeiiiiooooouuuuncyy')) $$;--> statement-breakpoint
-- Prefix searches (LIKE 'jose%') on the folded first name use these (text_pattern_ops: byte order).
CREATE INDEX "patients_nombre_fold_idx" ON "patients" (clinica_fold("nombre") text_pattern_ops);--> statement-breakpoint
-- The paginated lists: newest first, with the id as tie-breaker (keyset pagination).
CREATE INDEX "patients_created_idx" ON "patients" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "consultations_doctor_fecha_idx" ON "consultations" ("doctor_id", "fecha_registro" DESC, "id" DESC);--> statement-breakpoint
-- The audit trail is append-only: any UPDATE, DELETE or TRUNCATE is refused, whoever runs it.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$ BEGIN RAISE EXCEPTION 'audit_log es de solo anexado: % rechazado', TG_OP USING ERRCODE = '42501'; END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;

CREATE TABLE "doctor_document_profiles" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"reg_number" text NOT NULL,
	"doctor_code" text DEFAULT '' NOT NULL,
	"signature_file_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"codigo" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"correo_paciente" text NOT NULL,
	"nombre_pdf" text NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_document_profiles" ADD CONSTRAINT "doctor_document_profiles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_document_profiles" ADD CONSTRAINT "doctor_document_profiles_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_codigo_key" ON "documents" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "documents_staff_tipo_idx" ON "documents" USING btree ("staff_id","tipo","created_at");--> statement-breakpoint
CREATE INDEX "documents_correo_paciente_idx" ON "documents" USING btree ("correo_paciente","created_at");
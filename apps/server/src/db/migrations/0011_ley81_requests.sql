CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"cambios" jsonb,
	"motivo" text,
	"respuesta" text,
	"resuelta_por" uuid,
	"resuelta_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_cambios_kind" CHECK (("data_requests"."tipo" = 'correccion') OR "data_requests"."cambios" IS NULL),
	CONSTRAINT "data_requests_resolved" CHECK (("data_requests"."estado" = 'pendiente') = ("data_requests"."resuelta_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "cerrada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_resuelta_por_staff_id_fk" FOREIGN KEY ("resuelta_por") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_one_pending_key" ON "data_requests" USING btree ("patient_id","tipo") WHERE "data_requests"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "data_requests_patient_idx" ON "data_requests" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "data_requests_estado_idx" ON "data_requests" USING btree ("estado","created_at");
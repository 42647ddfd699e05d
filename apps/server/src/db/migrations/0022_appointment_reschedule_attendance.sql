ALTER TABLE "appointments" ADD COLUMN "secuencia" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reprogramada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia_por" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "asistencia_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_asistencia_por_staff_id_fk" FOREIGN KEY ("asistencia_por") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_patient_no_show_idx" ON "appointments" USING btree ("patient_id") WHERE "appointments"."asistencia" = 'no_asistio';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendance_active" CHECK ("appointments"."asistencia" IS NULL OR "appointments"."estado" = 'confirmada');
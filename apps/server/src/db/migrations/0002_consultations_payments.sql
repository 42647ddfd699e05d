CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"evento" text NOT NULL,
	"staff_id" uuid,
	"detalle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"proposito" text NOT NULL,
	"servicio" text NOT NULL,
	"monto_cents" integer NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"metodo_de_pago" text NOT NULL,
	"estado" text NOT NULL,
	"acuerdo" boolean NOT NULL,
	"paypal_order_id" text,
	"paypal_capture_id" text,
	"comprobante_file_id" uuid,
	"comprobante_sha256" text,
	"revisado" boolean DEFAULT false NOT NULL,
	"archivo_fiscal_file_id" uuid,
	"motivo_rechazo" text,
	"decidido_por" uuid,
	"decidido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."monto_cents" > 0),
	CONSTRAINT "payments_method_evidence" CHECK (("payments"."metodo_de_pago" = 'Paypal o Tarjeta' AND "payments"."paypal_order_id" IS NOT NULL) OR ("payments"."metodo_de_pago" <> 'Paypal o Tarjeta' AND "payments"."comprobante_file_id" IS NOT NULL)),
	CONSTRAINT "payments_rejection_reason" CHECK ("payments"."estado" <> 'rechazado' OR "payments"."motivo_rechazo" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "paypal_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"referencia" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"proposito" text NOT NULL,
	"servicio" text NOT NULL,
	"monto_cents" integer NOT NULL,
	"estado" text NOT NULL,
	"contexto" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"aceptar" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"servicio" text NOT NULL,
	"sintomas" text NOT NULL,
	"antecedentes_familiares" text NOT NULL,
	"antecedentes_personales" text NOT NULL,
	"antecedentes_quirurgicos" text NOT NULL,
	"alergias" text NOT NULL,
	"otros_datos" text NOT NULL,
	"consentimiento_at" timestamp with time zone NOT NULL,
	"payment_id" uuid NOT NULL,
	"tipo_de_consulta" text,
	"estado_consulta" integer DEFAULT 1 NOT NULL,
	"permiso_chat" boolean DEFAULT false NOT NULL,
	"peso" double precision,
	"talla" double precision,
	"presion_arterial" text,
	"frecuencia_cardiaca" text,
	"frecuencia_respiratoria" text,
	"analisis" text,
	"plan" text,
	"fecha" date,
	"hora" text,
	"revisado" integer DEFAULT 0 NOT NULL,
	"archivo_examenes_file_id" uuid,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_estado_01" CHECK ("consultations"."estado_consulta" IN (0, 1)),
	CONSTRAINT "consultations_revisado_01" CHECK ("consultations"."revisado" IN (0, 1))
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_comprobante_file_id_files_id_fk" FOREIGN KEY ("comprobante_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_archivo_fiscal_file_id_files_id_fk" FOREIGN KEY ("archivo_fiscal_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decidido_por_staff_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paypal_orders" ADD CONSTRAINT "paypal_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_consents" ADD CONSTRAINT "consultation_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_images" ADD CONSTRAINT "consultation_images_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_images" ADD CONSTRAINT "consultation_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_archivo_examenes_file_id_files_id_fk" FOREIGN KEY ("archivo_examenes_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_token_key" ON "payments" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_paypal_order_key" ON "payments" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE INDEX "payments_patient_idx" ON "payments" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "payments_comprobante_sha256_idx" ON "payments" USING btree ("comprobante_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_orders_referencia_key" ON "paypal_orders" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "paypal_orders_patient_idx" ON "paypal_orders" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "consultation_consents_patient_idx" ON "consultation_consents" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "consultation_images_consultation_idx" ON "consultation_images" USING btree ("consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_token_key" ON "consultations" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_payment_key" ON "consultations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "consultations_patient_idx" ON "consultations" USING btree ("patient_id","fecha_registro");--> statement-breakpoint
CREATE INDEX "consultations_doctor_idx" ON "consultations" USING btree ("doctor_id");
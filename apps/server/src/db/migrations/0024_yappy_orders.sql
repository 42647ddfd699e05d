CREATE TABLE "yappy_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"proposito" text NOT NULL,
	"servicio" text NOT NULL,
	"monto_cents" integer NOT NULL,
	"estado" text NOT NULL,
	"contexto" text,
	"datos" text,
	"transaction_id" text NOT NULL,
	"confirmacion" text,
	"payment_id" uuid,
	"expira_at" timestamp with time zone NOT NULL,
	"decidido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yappy_orders_amount_positive" CHECK ("yappy_orders"."monto_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_evidence";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "yappy_order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmacion_yappy" text;--> statement-breakpoint
ALTER TABLE "yappy_orders" ADD CONSTRAINT "yappy_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yappy_orders" ADD CONSTRAINT "yappy_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yappy_orders_patient_idx" ON "yappy_orders" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "yappy_orders_pending_idx" ON "yappy_orders" USING btree ("expira_at") WHERE "yappy_orders"."estado" = 'pendiente';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_yappy_order_key" ON "payments" USING btree ("yappy_order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_evidence" CHECK (("payments"."metodo_de_pago" = 'Paypal o Tarjeta' AND "payments"."paypal_order_id" IS NOT NULL) OR ("payments"."metodo_de_pago" <> 'Paypal o Tarjeta' AND "payments"."comprobante_file_id" IS NOT NULL) OR ("payments"."metodo_de_pago" = 'Yappy' AND "payments"."yappy_order_id" IS NOT NULL));
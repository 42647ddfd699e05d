CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"estado" text NOT NULL,
	"metodo" text NOT NULL,
	"monto_cents" integer NOT NULL,
	"referencia" text,
	"comprobante_file_id" uuid,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completado_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."monto_cents" > 0),
	CONSTRAINT "refunds_completed_reference" CHECK ("refunds"."estado" <> 'completado' OR ("refunds"."referencia" IS NOT NULL AND "refunds"."completado_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reembolso_estado" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reembolso_motivo" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reembolso_debido_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_comprobante_file_id_files_id_fk" FOREIGN KEY ("comprobante_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_state" CHECK ("payments"."reembolso_estado" IS NULL OR ("payments"."estado" <> 'rechazado' AND "payments"."reembolso_motivo" IS NOT NULL AND "payments"."reembolso_debido_at" IS NOT NULL));--> statement-breakpoint
-- Hand-written: a refund never exceeds what its payment captured, whatever code writes it.
CREATE FUNCTION refunds_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.monto_cents > (SELECT monto_cents FROM payments WHERE id = NEW.payment_id) THEN
    RAISE EXCEPTION 'refund above the payment' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER refunds_within_payment BEFORE INSERT OR UPDATE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_within_payment();

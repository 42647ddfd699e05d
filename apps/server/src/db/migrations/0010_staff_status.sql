CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"correo" text NOT NULL,
	"servicio" text,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_doctor_has_service" CHECK (("staff_invitations"."role" = 'doctor') = ("staff_invitations"."servicio" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "estado" text DEFAULT 'pendiente' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "estado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "estado_por" uuid;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_staff_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_estado_idx" ON "staff" USING btree ("role","estado");--> statement-breakpoint
-- Hand-written (issue 18): staff accounts that existed before approval was introduced were
-- already trusted, so they stay usable; new registrations start 'pendiente' (the default).
UPDATE "staff" SET "estado" = 'activo', "estado_at" = now();--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_estado_valid" CHECK ("estado" IN ('pendiente', 'activo', 'desactivado'));

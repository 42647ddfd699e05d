CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "patients_correo_key";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_patient_idx" ON "email_verification_tokens" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_verified_correo_key" ON "patients" USING btree ("correo") WHERE "patients"."email_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_correo_idx" ON "patients" USING btree ("correo");--> statement-breakpoint
-- Accounts that existed before e-mail verification (demo, seeded, registered earlier) count as verified (issue 18).
UPDATE "patients" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;

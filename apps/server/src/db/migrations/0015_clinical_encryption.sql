ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_body_length";--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "peso" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "talla" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "fecha" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "cedula_hmac" text;--> statement-breakpoint
CREATE INDEX "patients_cedula_hmac_idx" ON "patients" USING btree ("cedula_hmac");
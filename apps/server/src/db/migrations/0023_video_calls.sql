CREATE TABLE "consultation_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"consultation_id" uuid NOT NULL,
	"started_by" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "consultation_calls_end_check" CHECK (("consultation_calls"."ended_at" IS NULL) = ("consultation_calls"."end_reason" IS NULL) AND ("consultation_calls"."ended_at" IS NULL OR ("consultation_calls"."started_at" IS NOT NULL AND "consultation_calls"."ended_at" >= "consultation_calls"."started_at")))
);
--> statement-breakpoint
CREATE TABLE "video_consents" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_calls" ADD CONSTRAINT "consultation_calls_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consents" ADD CONSTRAINT "video_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_calls_consultation_idx" ON "consultation_calls" USING btree ("consultation_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_calls_one_active_key" ON "consultation_calls" USING btree ("consultation_id") WHERE "consultation_calls"."ended_at" IS NULL;
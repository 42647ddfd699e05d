CREATE TABLE "doctor_weekly_hours" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"horario" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "doctor_blocked_dates_key";--> statement-breakpoint
ALTER TABLE "doctor_blocked_dates" ADD COLUMN "desde" text;--> statement-breakpoint
ALTER TABLE "doctor_blocked_dates" ADD COLUMN "hasta" text;--> statement-breakpoint
ALTER TABLE "doctor_weekly_hours" ADD CONSTRAINT "doctor_weekly_hours_doctor_id_staff_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_weekly_hours" ADD CONSTRAINT "doctor_weekly_hours_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_blocked_ranges_key" ON "doctor_blocked_dates" USING btree ("doctor_id","fecha","desde","hasta") WHERE "doctor_blocked_dates"."desde" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_blocked_dates_key" ON "doctor_blocked_dates" USING btree ("doctor_id","fecha") WHERE "doctor_blocked_dates"."desde" IS NULL;--> statement-breakpoint
ALTER TABLE "doctor_blocked_dates" ADD CONSTRAINT "doctor_blocked_dates_range" CHECK (("doctor_blocked_dates"."desde" IS NULL) = ("doctor_blocked_dates"."hasta" IS NULL) AND ("doctor_blocked_dates"."desde" IS NULL OR "doctor_blocked_dates"."desde" < "doctor_blocked_dates"."hasta"));--> statement-breakpoint
ALTER TABLE "doctor_blocked_dates" ADD CONSTRAINT "doctor_blocked_dates_grid" CHECK ("doctor_blocked_dates"."desde" IS NULL OR ("doctor_blocked_dates"."desde" ~ '^[0-2][0-9]:00$' AND "doctor_blocked_dates"."hasta" ~ '^[0-2][0-9]:00$'));
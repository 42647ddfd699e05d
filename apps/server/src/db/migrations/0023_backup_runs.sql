CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"origen" text NOT NULL,
	"resultado" text NOT NULL,
	"archivo" text,
	"size_bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_resultado_check" CHECK ("backup_runs"."resultado" in ('ok', 'error')),
	CONSTRAINT "backup_runs_origen_check" CHECK ("backup_runs"."origen" in ('programada', 'manual'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");
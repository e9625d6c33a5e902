ALTER TABLE "etl_runs" ADD COLUMN "accounts_total" integer;--> statement-breakpoint
ALTER TABLE "etl_runs" ADD COLUMN "accounts_failed" integer;
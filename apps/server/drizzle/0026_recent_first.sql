ALTER TABLE "etl_stream_days" ADD COLUMN "history_from" date;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD COLUMN "backfill_percent" integer;
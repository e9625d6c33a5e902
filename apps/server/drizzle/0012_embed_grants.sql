ALTER TABLE "report_embeds" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_embeds" ADD COLUMN "allow_filtering" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_embeds" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_embeds" ADD COLUMN "last_used_at" timestamp with time zone;
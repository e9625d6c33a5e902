ALTER TABLE "pending_identities" DROP CONSTRAINT "pending_identities_email_provider";--> statement-breakpoint
DROP INDEX "sessions_user";--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "pending_identity_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "pending_identities" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_identities" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_browser_hash" text;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_pending_identity_id_pending_identities_id_fk" FOREIGN KEY ("pending_identity_id") REFERENCES "public"."pending_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id","browser_hash");--> statement-breakpoint
ALTER TABLE "pending_identities" ADD CONSTRAINT "pending_identities_email_provider_subject" UNIQUE("email","provider","subject");--> statement-breakpoint
-- A session family's absolute lifetime starts at its sign-in: the family's first row.
UPDATE "sessions" AS s SET "authenticated_at" = f.first_created
FROM (SELECT "family_id", min("created_at") AS first_created FROM "sessions" GROUP BY "family_id") AS f
WHERE s."family_id" = f."family_id";

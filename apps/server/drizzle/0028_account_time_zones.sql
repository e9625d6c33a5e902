CREATE TABLE "source_settings" (
	"organization_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"conversion_action_types" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_settings_organization_id_service_id_pk" PRIMARY KEY("organization_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "source_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "source_settings" ADD CONSTRAINT "source_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "source_settings_tenant_isolation" ON "source_settings" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written
-- drizzle-kit does not emit FORCE: without it the table's owner would bypass the policy.
ALTER TABLE "source_settings" FORCE ROW LEVEL SECURITY;

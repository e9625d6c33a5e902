CREATE TABLE "organization_destinations" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"destination_id" text NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"sealed_credentials" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_destinations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organization_destinations" ADD CONSTRAINT "organization_destinations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_destinations" ADD CONSTRAINT "organization_destinations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "organization_destinations_tenant_isolation" ON "organization_destinations" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the table's owner would bypass the policy.
ALTER TABLE "organization_destinations" FORCE ROW LEVEL SECURITY;

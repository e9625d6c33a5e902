CREATE TABLE "model_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"derived_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rebuilt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "model_versions" ADD CONSTRAINT "model_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "model_versions_tenant_isolation" ON "model_versions" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the table's owner would bypass the policy.
ALTER TABLE "model_versions" FORCE ROW LEVEL SECURITY;

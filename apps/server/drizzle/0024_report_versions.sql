CREATE TABLE "custom_report_versions" (
	"organization_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_report_versions_report_version" UNIQUE("report_id","version")
);
--> statement-breakpoint
ALTER TABLE "custom_report_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "custom_reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_report_versions" ADD CONSTRAINT "custom_report_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_report_versions" ADD CONSTRAINT "custom_report_versions_report_id_custom_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."custom_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_report_versions" ADD CONSTRAINT "custom_report_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "custom_report_versions_tenant_isolation" ON "custom_report_versions" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "custom_report_versions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Reports saved before versions: their document is their first version.
INSERT INTO "custom_report_versions" ("organization_id", "report_id", "version", "document", "created_by", "created_at")
SELECT "organization_id", "id", 1, "document", "created_by", "created_at" FROM "custom_reports";

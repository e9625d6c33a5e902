CREATE TABLE "pagespeed_runs" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"job_id" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"measured" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_results" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagespeed_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pagespeed_urls" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"url_link" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagespeed_urls_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "pagespeed_urls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pagespeed_runs" ADD CONSTRAINT "pagespeed_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagespeed_urls" ADD CONSTRAINT "pagespeed_urls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagespeed_urls_organization_position" ON "pagespeed_urls" USING btree ("organization_id","position");--> statement-breakpoint
CREATE POLICY "pagespeed_runs_tenant_isolation" ON "pagespeed_runs" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "pagespeed_urls_tenant_isolation" ON "pagespeed_urls" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "pagespeed_urls" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pagespeed_runs" FORCE ROW LEVEL SECURITY;

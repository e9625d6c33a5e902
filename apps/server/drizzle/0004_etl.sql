CREATE TABLE "etl_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"step" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "etl_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "etl_runs" ADD CONSTRAINT "etl_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "etl_runs_organization_started" ON "etl_runs" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "etl_runs_one_running" ON "etl_runs" USING btree ("organization_id") WHERE status = 'running';--> statement-breakpoint
CREATE POLICY "etl_runs_tenant_isolation" ON "etl_runs" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the table's owner would bypass the policy.
ALTER TABLE "etl_runs" FORCE ROW LEVEL SECURITY;

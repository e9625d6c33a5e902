CREATE TABLE "etl_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"lookback_days" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "etl_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "etl_stream_days" (
	"organization_id" uuid NOT NULL,
	"service_account_id" uuid NOT NULL,
	"stream" text NOT NULL,
	"last_loaded_day" date NOT NULL,
	"time_zone" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etl_stream_days_service_account_id_stream_pk" PRIMARY KEY("service_account_id","stream")
);
--> statement-breakpoint
ALTER TABLE "etl_stream_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "etl_settings" ADD CONSTRAINT "etl_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_stream_days" ADD CONSTRAINT "etl_stream_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etl_stream_days" ADD CONSTRAINT "etl_stream_days_service_account_id_service_accounts_id_fk" FOREIGN KEY ("service_account_id") REFERENCES "public"."service_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "etl_settings_tenant_isolation" ON "etl_settings" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "etl_stream_days_tenant_isolation" ON "etl_stream_days" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "etl_stream_days" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "etl_settings" FORCE ROW LEVEL SECURITY;

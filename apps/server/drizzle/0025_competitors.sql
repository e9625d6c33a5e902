CREATE TABLE "competition_reports" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"filter_column" uuid NOT NULL,
	"filter_value" text NOT NULL,
	"search_terms_number" integer NOT NULL,
	"order_by" text NOT NULL,
	"run_status" text,
	"run_job_id" text,
	"run_month" text,
	"run_started_at" timestamp with time zone,
	"run_finished_at" timestamp with time zone,
	"run_error" text,
	"run_terms" integer DEFAULT 0 NOT NULL,
	"run_requests" integer DEFAULT 0 NOT NULL,
	"run_cost_micros" bigint DEFAULT 0 NOT NULL,
	"has_results" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_reports_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "competition_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competition_serp_cache" (
	"organization_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"month" text NOT NULL,
	"term" text NOT NULL,
	"items" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_serp_cache_organization_id_country_code_month_term_pk" PRIMARY KEY("organization_id","country_code","month","term")
);
--> statement-breakpoint
ALTER TABLE "competition_serp_cache" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "competition_spend" (
	"organization_id" uuid NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_spend_organization_id_month_currency_pk" PRIMARY KEY("organization_id","month","currency")
);
--> statement-breakpoint
ALTER TABLE "competition_spend" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competition_reports" ADD CONSTRAINT "competition_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_serp_cache" ADD CONSTRAINT "competition_serp_cache_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_spend" ADD CONSTRAINT "competition_spend_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "competition_reports_tenant_isolation" ON "competition_reports" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "competition_serp_cache_tenant_isolation" ON "competition_serp_cache" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "competition_spend_tenant_isolation" ON "competition_spend" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- hand-written
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "competition_reports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competition_serp_cache" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "competition_spend" FORCE ROW LEVEL SECURITY;

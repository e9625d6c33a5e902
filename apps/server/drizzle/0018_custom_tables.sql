CREATE TABLE "custom_table_uploads" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"table_id" text NOT NULL,
	"phase" text NOT NULL,
	"bytes_received" bigint DEFAULT 0 NOT NULL,
	"rows_checked" bigint DEFAULT 0 NOT NULL,
	"rows_loaded" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_table_uploads_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "custom_table_uploads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_tables" (
	"organization_id" uuid NOT NULL,
	"table_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"columns" jsonb NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"file_name" text,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_tables_organization_id_table_id_pk" PRIMARY KEY("organization_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "custom_tables" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "custom_table_uploads" ADD CONSTRAINT "custom_table_uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_tables" ADD CONSTRAINT "custom_tables_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "custom_table_uploads_tenant_isolation" ON "custom_table_uploads" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "custom_tables_tenant_isolation" ON "custom_tables" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "custom_tables" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "custom_table_uploads" FORCE ROW LEVEL SECURITY;
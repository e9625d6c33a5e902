CREATE TABLE "cluster_columns" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"db_name" text NOT NULL,
	"is_fixed" boolean DEFAULT false NOT NULL,
	"is_placeholder" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"rule_sets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cluster_columns_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "cluster_columns_name" UNIQUE("organization_id","category","name_key"),
	CONSTRAINT "cluster_columns_db_name" UNIQUE("organization_id","category","db_name")
);
--> statement-breakpoint
ALTER TABLE "cluster_columns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "word_groups" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"deletion_protection" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclude_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_groups_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "word_groups_name" UNIQUE("organization_id","name_key")
);
--> statement-breakpoint
ALTER TABLE "word_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cluster_columns" ADD CONSTRAINT "cluster_columns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_groups" ADD CONSTRAINT "word_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "cluster_columns_tenant_isolation" ON "cluster_columns" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "word_groups_tenant_isolation" ON "word_groups" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "cluster_columns" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "word_groups" FORCE ROW LEVEL SECURITY;

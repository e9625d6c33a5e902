CREATE TABLE "bookmark_defaults" (
	"organization_id" uuid NOT NULL,
	"report_slug" text NOT NULL,
	"user_id" uuid NOT NULL,
	"bookmark_id" uuid NOT NULL,
	CONSTRAINT "bookmark_defaults_organization_id_report_slug_user_id_pk" PRIMARY KEY("organization_id","report_slug","user_id")
);
--> statement-breakpoint
ALTER TABLE "bookmark_defaults" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bookmark_members" (
	"bookmark_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "bookmark_members_bookmark_id_user_id_pk" PRIMARY KEY("bookmark_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bookmark_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"report_slug" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"display_name" text NOT NULL,
	"slug" text NOT NULL,
	"state" text,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"is_category" boolean DEFAULT false NOT NULL,
	"is_navigation" boolean DEFAULT false NOT NULL,
	"show_demo" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"visible_to_all" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"created_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_report_name" UNIQUE("organization_id","report_slug","name_key"),
	CONSTRAINT "bookmarks_report_slug" UNIQUE("organization_id","report_slug","slug"),
	CONSTRAINT "bookmarks_id_organization" UNIQUE("id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bookmark_defaults" ADD CONSTRAINT "bookmark_defaults_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_defaults" ADD CONSTRAINT "bookmark_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_defaults" ADD CONSTRAINT "bookmark_defaults_bookmark_fk" FOREIGN KEY ("bookmark_id","organization_id") REFERENCES "public"."bookmarks"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_members" ADD CONSTRAINT "bookmark_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_members" ADD CONSTRAINT "bookmark_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark_members" ADD CONSTRAINT "bookmark_members_bookmark_fk" FOREIGN KEY ("bookmark_id","organization_id") REFERENCES "public"."bookmarks"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_parent_fk" FOREIGN KEY ("parent_id","organization_id") REFERENCES "public"."bookmarks"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmark_defaults_bookmark" ON "bookmark_defaults" USING btree ("bookmark_id");--> statement-breakpoint
CREATE INDEX "bookmark_members_organization_user" ON "bookmark_members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "bookmarks_parent" ON "bookmarks" USING btree ("parent_id");--> statement-breakpoint
CREATE POLICY "bookmark_defaults_tenant_isolation" ON "bookmark_defaults" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "bookmark_members_tenant_isolation" ON "bookmark_members" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "bookmarks_tenant_isolation" ON "bookmarks" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "bookmarks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bookmark_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bookmark_defaults" FORCE ROW LEVEL SECURITY;

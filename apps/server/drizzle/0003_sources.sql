CREATE TABLE "service_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"id_label" text NOT NULL,
	"parent_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials_id" uuid NOT NULL,
	"sync_status" text DEFAULT 'pending' NOT NULL,
	"sync_error" text,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_by" uuid,
	"last_synced_at" timestamp with time zone,
	"load_job_id" text
);
--> statement-breakpoint
ALTER TABLE "service_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "source_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"sealed" text NOT NULL,
	"accounts" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "source_credentials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "source_keys" (
	"organization_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_keys_organization_id_service_id_pk" PRIMARY KEY("organization_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "source_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "source_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"sealed_verifier" text,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "source_oauth_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_credentials_id_source_credentials_id_fk" FOREIGN KEY ("credentials_id") REFERENCES "public"."source_credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_credentials" ADD CONSTRAINT "source_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_credentials" ADD CONSTRAINT "source_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_keys" ADD CONSTRAINT "source_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_oauth_states" ADD CONSTRAINT "source_oauth_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_oauth_states" ADD CONSTRAINT "source_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_accounts_identity" ON "service_accounts" USING btree ("organization_id","service_id","identifier");--> statement-breakpoint
CREATE INDEX "service_accounts_credentials" ON "service_accounts" USING btree ("credentials_id");--> statement-breakpoint
CREATE INDEX "source_credentials_organization" ON "source_credentials" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "source_oauth_states_expiry" ON "source_oauth_states" USING btree ("expires_at") WHERE used_at is null;--> statement-breakpoint
CREATE POLICY "service_accounts_tenant_isolation" ON "service_accounts" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "source_credentials_tenant_isolation" ON "source_credentials" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "source_keys_tenant_isolation" ON "source_keys" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "source_oauth_states_tenant_isolation" ON "source_oauth_states" AS PERMISSIVE FOR ALL TO public USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- drizzle-kit does not emit FORCE: without it the tables' owner would bypass the policies.
ALTER TABLE "source_credentials" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_accounts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "source_oauth_states" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "source_keys" FORCE ROW LEVEL SECURITY;

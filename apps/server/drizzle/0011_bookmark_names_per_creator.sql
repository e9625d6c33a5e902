-- Bookmark names and slugs: a private bookmark's are unique among its creator's private ones,
-- the others among the organization's shared ones (decision 157). Looser than before, so no
-- existing row can violate them.
ALTER TABLE "bookmarks" DROP CONSTRAINT "bookmarks_report_name";--> statement-breakpoint
ALTER TABLE "bookmarks" DROP CONSTRAINT "bookmarks_report_slug";--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_shared_name" ON "bookmarks" USING btree ("organization_id","report_slug","name_key") WHERE not is_private;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_private_name" ON "bookmarks" USING btree ("organization_id","report_slug","created_by_id","name_key") WHERE is_private;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_shared_slug" ON "bookmarks" USING btree ("organization_id","report_slug","slug") WHERE not is_private;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_private_slug" ON "bookmarks" USING btree ("organization_id","report_slug","created_by_id","slug") WHERE is_private;

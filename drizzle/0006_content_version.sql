-- The public content version: one number that moves whenever anything a public page or public API
-- answer shows has changed. Every app process reads it before serving a cached page
-- (server/cache/content-version.server.ts), so a write in any process invalidates every cache.
--
-- The number is bumped by deferred constraint triggers, which run at COMMIT after every other
-- statement of the writing transaction: the new number becomes visible in the same instant as the
-- data it stands for (never before it, so no reader can cache old data under the new number), and
-- the row lock is taken only at the very end, so no transaction waits on it while holding another
-- lock (no deadlock with the booking paths' row locks). Once per transaction, not once per row.
-- The new number is also announced on the channel content_version (delivered at commit): the embedded
-- database, which only one process may open, keeps it in memory from there instead of reading it.
-- Not part of the Drizzle schema on purpose: backups and restores leave it alone.
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bumped bigint;
BEGIN
	-- A transaction-local flag: the first trigger of a transaction bumps, the others return.
	IF current_setting('tidewater.content_version_bumped', true) = 'on' THEN
		RETURN NULL;
	END IF;
	PERFORM set_config('tidewater.content_version_bumped', 'on', true);
	UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO bumped;
	PERFORM pg_notify('content_version', bumped::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Adventures: every change but a page view (view_count is the operator's statistic, not shown to visitors).
CREATE CONSTRAINT TRIGGER "adventures_content_version_write" AFTER INSERT OR DELETE ON "adventures"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "adventures_content_version_update" AFTER UPDATE ON "adventures"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'view_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count' - 'updated_at'))
	EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
-- Dates and free spots (bookings, holds, date changes and the operator's calendar all write here).
CREATE CONSTRAINT TRIGGER "availability_content_version" AFTER INSERT OR UPDATE OR DELETE ON "availability"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "gallery_images_content_version" AFTER INSERT OR UPDATE OR DELETE ON "gallery_images"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "testimonials_content_version" AFTER INSERT OR UPDATE OR DELETE ON "testimonials"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "faqs_content_version" AFTER INSERT OR UPDATE OR DELETE ON "faqs"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "content_sections_content_version" AFTER INSERT OR UPDATE OR DELETE ON "content_sections"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_items_content_version" AFTER INSERT OR UPDATE OR DELETE ON "media_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "settings_content_version" AFTER INSERT OR UPDATE OR DELETE ON "settings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
-- A restore with --force empties tables with TRUNCATE, which row triggers do not see.
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "adventures" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "availability" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "gallery_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "faqs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "content_sections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "media_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();

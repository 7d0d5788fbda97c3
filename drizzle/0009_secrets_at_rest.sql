CREATE TABLE "email_outbox_sealed" (
	"email_id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_unsubscribe_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscriber_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "newsletter_unsubscribe_key";--> statement-breakpoint
DROP INDEX "vouchers_code_key";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "code_suffix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox_sealed" ADD CONSTRAINT "email_outbox_sealed_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_unsubscribe_links" ADD CONSTRAINT "newsletter_unsubscribe_links_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_unsubscribe_links_subscriber_idx" ON "newsletter_unsubscribe_links" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_hash_key" ON "vouchers" USING btree ("code_hash");--> statement-breakpoint
-- Hand-written from here to the two DROP COLUMNs: the secrets already stored move to their stored forms,
-- by the app's own rules: hex SHA-256 of the token or normalised code (as booking links), and the
-- markers of server/email/secrets.server.ts (the migration's test holds this SQL to that module).
UPDATE "vouchers" SET "code_hash" = encode(sha256(convert_to("code", 'UTF8')), 'hex'), "code_suffix" = right("code", 4)
	WHERE "status" <> 'pending_payment';--> statement-breakpoint
INSERT INTO "newsletter_unsubscribe_links" ("token_hash", "subscriber_id")
	SELECT encode(sha256(convert_to("unsubscribe_token", 'UTF8')), 'hex'), "id" FROM "newsletter_subscribers"
	WHERE "unsubscribe_token" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "migration_scrub_secrets"(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT regexp_replace(
		regexp_replace(t, 'https?://[^\s"''<>]*(/my-booking/|/newsletter/unsubscribe/|offer=)[A-Za-z0-9_-]{20,}[^\s"''<>]*', '[link removed after sending]', 'g'),
		'\mTW-([ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4})-([ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4})\M', '[voucher …\2, code removed after sending]', 'g')
$$;--> statement-breakpoint
CREATE FUNCTION "migration_scrub_headers"(h jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(jsonb_object_agg(key, "migration_scrub_secrets"(value)), '{}'::jsonb) FROM jsonb_each_text(h)
$$;--> statement-breakpoint
-- An unsent email keeps what it must send apart, sealed, until it is sent.
INSERT INTO "email_outbox_sealed" ("email_id", "subject", "text_body", "html_body", "headers")
	SELECT "id", "subject", "text_body", "html_body", "headers" FROM "email_outbox"
	WHERE "status" = 'pending' AND (
		"subject" <> "migration_scrub_secrets"("subject") OR "text_body" <> "migration_scrub_secrets"("text_body")
		OR "html_body" <> "migration_scrub_secrets"("html_body") OR "headers" <> "migration_scrub_headers"("headers")
	);--> statement-breakpoint
UPDATE "email_outbox" SET "sealed" = true WHERE "id" IN (SELECT "email_id" FROM "email_outbox_sealed");--> statement-breakpoint
-- Every stored email, sent or not, keeps only the markers.
UPDATE "email_outbox" SET
	"subject" = "migration_scrub_secrets"("subject"),
	"text_body" = "migration_scrub_secrets"("text_body"),
	"html_body" = "migration_scrub_secrets"("html_body"),
	"headers" = "migration_scrub_headers"("headers")
	WHERE ("subject" || "text_body" || "html_body" || "headers"::text) ~ '(/my-booking/|/newsletter/unsubscribe/|offer=|TW-)';--> statement-breakpoint
DROP FUNCTION "migration_scrub_headers"(jsonb);--> statement-breakpoint
DROP FUNCTION "migration_scrub_secrets"(text);--> statement-breakpoint
-- A sealed email's text to send is deleted the moment it leaves pending (sent, or given up), whichever
-- path changes its status.
CREATE FUNCTION "email_outbox_unseal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "email_outbox_sealed" WHERE "email_id" = NEW."id";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "email_outbox_unseal" AFTER UPDATE OF "status" ON "email_outbox"
	FOR EACH ROW WHEN (NEW."status" <> 'pending') EXECUTE FUNCTION "email_outbox_unseal"();--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "unsubscribe_token";--> statement-breakpoint
ALTER TABLE "vouchers" DROP COLUMN "code";
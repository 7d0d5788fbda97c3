ALTER TABLE "adventures" ALTER COLUMN "currency" SET DEFAULT 'aud';--> statement-breakpoint
-- The content-version trigger is deferred to COMMIT; ALTER TABLE refuses a table with trigger
-- events pending, so this transaction's changes to adventures run it at once.
SET CONSTRAINTS "adventures_content_version_update" IMMEDIATE;--> statement-breakpoint
-- Adventures kept the upper-case code the pages show; every other table the lower-case one.
UPDATE "adventures" SET "currency" = lower(trim("currency")) WHERE "currency" <> lower(trim("currency"));--> statement-breakpoint
ALTER TABLE "adventures" ADD CONSTRAINT "adventures_currency" CHECK ("adventures"."currency" in ('aud', 'usd', 'eur', 'gbp'));
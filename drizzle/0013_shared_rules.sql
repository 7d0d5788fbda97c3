ALTER TABLE "adventures" DROP CONSTRAINT "adventures_group_size";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_group_size";--> statement-breakpoint
ALTER TABLE "participants" DROP CONSTRAINT "participants_position";--> statement-breakpoint
ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_group_size";--> statement-breakpoint
ALTER TABLE "adventures" ALTER COLUMN "group_size_max" SET DEFAULT 4;--> statement-breakpoint
-- The content-version trigger is deferred to COMMIT; ALTER TABLE refuses a table with trigger
-- events pending, so this transaction's changes to adventures run it at once.
SET CONSTRAINTS "adventures_content_version_update" IMMEDIATE;--> statement-breakpoint
-- A row stored above the business maximum was already shown and booked as the clamped range
-- (app/lib/group-size.ts), so clamping it here changes nothing a visitor sees.
UPDATE "adventures" SET "group_size_max" = least("group_size_max", 4), "group_size_min" = least("group_size_min", 4) WHERE "group_size_max" > 4;--> statement-breakpoint
ALTER TABLE "adventures" ADD CONSTRAINT "adventures_group_size" CHECK ("adventures"."group_size_min" >= 1 and "adventures"."group_size_max" >= "adventures"."group_size_min" and "adventures"."group_size_max" <= 4);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_size" CHECK ("bookings"."group_size" between 1 and 4);--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_position" CHECK ("participants"."position" between 1 and 4);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_group_size" CHECK ("waitlist_entries"."group_size" between 1 and 4);--> statement-breakpoint
ALTER TABLE "adventures" DROP COLUMN "cancellation_policy";--> statement-breakpoint
ALTER TABLE "adventures" ALTER COLUMN "currency" SET DEFAULT 'aud';--> statement-breakpoint
-- The content-version trigger is deferred to COMMIT; ALTER TABLE refuses a table with trigger
-- events pending, so this transaction's changes to adventures run it at once.
SET CONSTRAINTS "adventures_content_version_update" IMMEDIATE;--> statement-breakpoint
-- Adventures kept the upper-case code the pages show; every other table the lower-case one.
UPDATE "adventures" SET "currency" = lower(trim("currency")) WHERE "currency" <> lower(trim("currency"));--> statement-breakpoint
ALTER TABLE "adventures" ADD CONSTRAINT "adventures_currency" CHECK ("adventures"."currency" in ('aud', 'usd', 'eur', 'gbp'));
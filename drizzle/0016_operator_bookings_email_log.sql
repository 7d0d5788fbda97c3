ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "booking_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_booking_idx" ON "email_outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source" CHECK ("bookings"."source" in ('website', 'operator'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method" CHECK ("bookings"."payment_method" in ('card', 'cash', 'bank_transfer', 'on_the_day'));--> statement-breakpoint
-- Emails queued before the log knew their booking: those whose dedupe key names it.
UPDATE "email_outbox" AS e SET "booking_id" = b."id" FROM "bookings" AS b
WHERE e."booking_id" IS NULL
  AND split_part(e."dedupe_key", ':', 1) IN ('booking_confirmation', 'booking_notice', 'late_payment_refund', 'late_payment_notice', 'booking_cancelled', 'booking_cancelled_notice')
  AND b."id" = split_part(e."dedupe_key", ':', 2);

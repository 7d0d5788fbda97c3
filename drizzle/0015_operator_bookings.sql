ALTER TABLE "bookings" ADD COLUMN "source" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source" CHECK ("bookings"."source" in ('website', 'operator'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method" CHECK ("bookings"."payment_method" in ('card', 'cash', 'bank_transfer', 'on_the_day'));
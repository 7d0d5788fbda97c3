ALTER TABLE "booking_changes" ADD COLUMN "held_spots" integer;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "source" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_request_key" ON "booking_changes" USING btree ("request_key");--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_source" CHECK ("booking_changes"."source" in ('customer', 'operator'));--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_held_spots" CHECK ("booking_changes"."held_spots" is null or "booking_changes"."held_spots" >= 0);
ALTER TABLE "booking_changes" ADD COLUMN "from_start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "to_start_time" text DEFAULT '' NOT NULL;
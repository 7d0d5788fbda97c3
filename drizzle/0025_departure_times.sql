DROP INDEX "availability_adventure_date_key";--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "start_times" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_departure_key" ON "availability" USING btree ("adventure_id","date","start_time");--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_start_time" CHECK ("availability"."start_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9])?$');
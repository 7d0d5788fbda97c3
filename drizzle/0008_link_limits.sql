ALTER TABLE "booking_links" ADD COLUMN "participant_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "success_link_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "links_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_links_participant_idx" ON "booking_links" USING btree ("participant_id");--> statement-breakpoint
-- Hand-written backfill: a booking whose success page already showed a link has spent its one.
UPDATE "bookings" SET "success_link_at" = "first"."created_at"
FROM (SELECT "booking_id", min("created_at") AS "created_at" FROM "booking_links" WHERE "channel" = 'success_page' GROUP BY "booking_id") AS "first"
WHERE "bookings"."id" = "first"."booking_id";

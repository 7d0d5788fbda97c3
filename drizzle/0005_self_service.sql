CREATE TABLE "booking_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"from_availability_id" text,
	"to_availability_id" text,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"group_size" integer NOT NULL,
	"price_difference_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"payment_id" text,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "booking_changes_status" CHECK ("booking_changes"."status" in ('holding', 'done', 'released'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"adventure_id" text NOT NULL,
	"date" date NOT NULL,
	"email" text NOT NULL,
	"group_size" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_token_hash" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_group_size" CHECK ("waitlist_entries"."group_size" between 1 and 20),
	CONSTRAINT "waitlist_status" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'expired', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "booking_id" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "adventure_id" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_from_availability_id_availability_id_fk" FOREIGN KEY ("from_availability_id") REFERENCES "public"."availability"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_to_availability_id_availability_id_fk" FOREIGN KEY ("to_availability_id") REFERENCES "public"."availability"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_changes_hold_idx" ON "booking_changes" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_date_email_key" ON "waitlist_entries" USING btree ("adventure_id","date","email");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offer_token_key" ON "waitlist_entries" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_queue_idx" ON "waitlist_entries" USING btree ("adventure_id","date","status","created_at");--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_unsubscribe_key" ON "newsletter_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_booking_key" ON "testimonials" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "testimonials_status_idx" ON "testimonials" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_status" CHECK ("testimonials"."status" in ('pending', 'approved', 'hidden'));
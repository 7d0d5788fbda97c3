CREATE TABLE "admin_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "adventures" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"full_description" text DEFAULT '' NOT NULL,
	"hero_image" text DEFAULT '' NOT NULL,
	"hero_image_alt" text DEFAULT '' NOT NULL,
	"gallery_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"price_display" text DEFAULT '' NOT NULL,
	"duration" text DEFAULT '' NOT NULL,
	"group_size_min" integer DEFAULT 1 NOT NULL,
	"group_size_max" integer DEFAULT 8 NOT NULL,
	"skill_level" text DEFAULT 'beginner' NOT NULL,
	"category" text DEFAULT 'scuba-diving' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"meeting_point" text DEFAULT '' NOT NULL,
	"what_to_bring" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"included_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"best_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"requires_certification" boolean DEFAULT false NOT NULL,
	"booking_enabled" boolean DEFAULT true NOT NULL,
	"min_age" integer DEFAULT 12 NOT NULL,
	"max_age" integer,
	"fitness_requirements" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"social_image" text DEFAULT '' NOT NULL,
	"advance_booking_days" integer DEFAULT 1 NOT NULL,
	"cancellation_policy" text DEFAULT '' NOT NULL,
	"terms_conditions" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adventures_price_nonneg" CHECK ("adventures"."base_price_cents" >= 0),
	CONSTRAINT "adventures_group_size" CHECK ("adventures"."group_size_min" >= 1 and "adventures"."group_size_max" >= "adventures"."group_size_min")
);
--> statement-breakpoint
CREATE TABLE "availability" (
	"id" text PRIMARY KEY NOT NULL,
	"adventure_id" text NOT NULL,
	"date" date NOT NULL,
	"available_spots" integer NOT NULL,
	"booked_spots" integer DEFAULT 0 NOT NULL,
	"price_override_cents" integer,
	"notes" text DEFAULT '' NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"weather_dependent" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_spots_range" CHECK ("availability"."available_spots" between 0 and 20),
	CONSTRAINT "availability_booked_range" CHECK ("availability"."booked_spots" >= 0 and "availability"."booked_spots" <= "availability"."available_spots")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"adventure_id" text NOT NULL,
	"adventure_title" text NOT NULL,
	"availability_id" text,
	"customer_first_name" text NOT NULL,
	"customer_last_name" text DEFAULT '' NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"group_size" integer NOT NULL,
	"selected_date" date NOT NULL,
	"special_requirements" text DEFAULT '' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"booking_status" text DEFAULT 'pending_payment' NOT NULL,
	"holds_spots" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"checkout_session_id" text,
	"refund_amount_cents" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_group_size" CHECK ("bookings"."group_size" between 1 and 20),
	CONSTRAINT "bookings_total_nonneg" CHECK ("bookings"."total_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"adventure_type" text NOT NULL,
	"message" text NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"section" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"dedupe_key" text,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_order" CHECK ("faqs"."sort_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"category" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_items" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"filename" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"file_type" text NOT NULL,
	"mime_type" text DEFAULT '' NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"folder" text DEFAULT 'uploads' NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'footer' NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" text,
	"unit_amount_cents" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_total_cents" integer NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"customer_email" text,
	"checkout_url" text DEFAULT '' NOT NULL,
	"success_url" text DEFAULT '' NOT NULL,
	"cancel_url" text DEFAULT '' NOT NULL,
	"provider_payment_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"content" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"adventure_type" text NOT NULL,
	"location" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating" CHECK ("testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_availability_id_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availability"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_expiry_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "adventures_slug_key" ON "adventures" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "adventures_sort_idx" ON "adventures" USING btree ("sort_order","title");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_adventure_date_key" ON "availability" USING btree ("adventure_id","date");--> statement-breakpoint
CREATE INDEX "availability_date_idx" ON "availability" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("booking_status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_adventure_idx" ON "bookings" USING btree ("adventure_id");--> statement-breakpoint
CREATE INDEX "bookings_session_idx" ON "bookings" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_expires_at");--> statement-breakpoint
CREATE INDEX "contact_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_section_key" ON "content_sections" USING btree ("page","section");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "gallery_order_idx" ON "gallery_images" USING btree ("sort_order","created_at");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_key" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_session_key" ON "payments" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("payment_status","paid_at");
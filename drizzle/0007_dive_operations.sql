CREATE TABLE "participants" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"position" integer NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"email" text DEFAULT '' NOT NULL,
	"emergency_contact_name" text DEFAULT '' NOT NULL,
	"emergency_contact_phone" text DEFAULT '' NOT NULL,
	"height_cm" integer,
	"weight_kg" integer,
	"wetsuit_size" text DEFAULT '' NOT NULL,
	"fin_size" text DEFAULT '' NOT NULL,
	"cert_agency" text DEFAULT '' NOT NULL,
	"cert_level" text DEFAULT '' NOT NULL,
	"cert_number" text DEFAULT '' NOT NULL,
	"last_dive_date" date,
	"cert_checked_at" timestamp with time zone,
	"medical_answers" jsonb,
	"medical_answered_at" timestamp with time zone,
	"medical_needs_clearance" boolean DEFAULT false NOT NULL,
	"medical_clearance_at" timestamp with time zone,
	"medical_erased_at" timestamp with time zone,
	"waiver_version" integer,
	"waiver_signed_name" text,
	"waiver_guardian_name" text,
	"waiver_accepted_at" timestamp with time zone,
	"waiver_client_address" text,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_position" CHECK ("participants"."position" between 1 and 20),
	CONSTRAINT "participants_height" CHECK ("participants"."height_cm" is null or "participants"."height_cm" between 50 and 250),
	CONSTRAINT "participants_weight" CHECK ("participants"."weight_kg" is null or "participants"."weight_kg" between 10 and 250)
);
--> statement-breakpoint
CREATE TABLE "voucher_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"voucher_id" text NOT NULL,
	"booking_id" text,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_entries_kind" CHECK ("voucher_entries"."kind" in ('issue', 'redeem', 'restore', 'adjust'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source_booking_id" text,
	"payment_id" text,
	"purchaser_name" text DEFAULT '' NOT NULL,
	"purchaser_email" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_balance_range" CHECK ("vouchers"."balance_cents" >= 0 and "vouchers"."balance_cents" <= "vouchers"."initial_cents"),
	CONSTRAINT "vouchers_status" CHECK ("vouchers"."status" in ('pending_payment', 'active', 'void'))
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"adventure_id" text,
	"message" text DEFAULT '' NOT NULL,
	"default_choice" text NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_default_choice" CHECK ("weather_cancellations"."default_choice" in ('credit', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "weather_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"cancellation_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"choice" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"moved_to_date" date,
	"voucher_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_offers_choice" CHECK ("weather_offers"."choice" is null or "weather_offers"."choice" in ('move', 'credit', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "voucher_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_waiver_version_waivers_version_fk" FOREIGN KEY ("waiver_version") REFERENCES "public"."waivers"("version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_entries" ADD CONSTRAINT "voucher_entries_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_entries" ADD CONSTRAINT "voucher_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_source_booking_id_bookings_id_fk" FOREIGN KEY ("source_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_cancellations" ADD CONSTRAINT "weather_cancellations_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_cancellation_id_weather_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."weather_cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_offers" ADD CONSTRAINT "weather_offers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participants_booking_position_key" ON "participants" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "voucher_entries_voucher_idx" ON "voucher_entries" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_entries_redeem_key" ON "voucher_entries" USING btree ("voucher_id","booking_id","kind") WHERE "voucher_entries"."kind" in ('redeem', 'restore');--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_payment_key" ON "vouchers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "weather_cancellations_date_idx" ON "weather_cancellations" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_offers_booking_key" ON "weather_offers" USING btree ("booking_id","cancellation_id");--> statement-breakpoint
CREATE INDEX "weather_offers_open_idx" ON "weather_offers" USING btree ("choice","cancellation_id");--> statement-breakpoint
CREATE INDEX "bookings_date_status_idx" ON "bookings" USING btree ("selected_date","booking_status");
CREATE TABLE "promo_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"currency" text DEFAULT 'aud' NOT NULL,
	"adventure_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"trip_from" date,
	"trip_to" date,
	"max_uses" integer,
	"max_uses_per_email" integer,
	"min_group_size" integer DEFAULT 1 NOT NULL,
	"first_booking_only" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_amount" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent" between 1 and 100 and "promo_codes"."amount_cents" is null) or ("promo_codes"."kind" = 'fixed' and "promo_codes"."amount_cents" > 0 and "promo_codes"."percent" is null)),
	CONSTRAINT "promo_codes_caps" CHECK (coalesce("promo_codes"."max_uses", 1) >= 1 and coalesce("promo_codes"."max_uses_per_email", 1) >= 1),
	CONSTRAINT "promo_codes_group" CHECK ("promo_codes"."min_group_size" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_promo_code_idx" ON "bookings" USING btree ("promo_code_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_promo_discount_nonneg" CHECK ("bookings"."promo_discount_cents" >= 0);
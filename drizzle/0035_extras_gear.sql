CREATE TABLE "adventure_extras" (
	"id" text PRIMARY KEY NOT NULL,
	"adventure_id" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"per" text DEFAULT 'booking' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"gear_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adventure_extras_price" CHECK ("adventure_extras"."price_cents" >= 0),
	CONSTRAINT "adventure_extras_per" CHECK ("adventure_extras"."per" in ('booking', 'person'))
);
--> statement-breakpoint
CREATE TABLE "booking_gear" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"gear_item_id" text NOT NULL,
	"extra_id" text,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	"participant" integer,
	CONSTRAINT "booking_gear_quantity" CHECK ("booking_gear"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "gear_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_stock" (
	"gear_item_id" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "gear_stock_gear_item_id_size_pk" PRIMARY KEY("gear_item_id","size"),
	CONSTRAINT "gear_stock_quantity" CHECK ("gear_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "adventure_extras" ADD CONSTRAINT "adventure_extras_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_gear" ADD CONSTRAINT "booking_gear_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_gear" ADD CONSTRAINT "booking_gear_gear_item_id_gear_items_id_fk" FOREIGN KEY ("gear_item_id") REFERENCES "public"."gear_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_stock" ADD CONSTRAINT "gear_stock_gear_item_id_gear_items_id_fk" FOREIGN KEY ("gear_item_id") REFERENCES "public"."gear_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adventure_extras_adventure_idx" ON "adventure_extras" USING btree ("adventure_id");--> statement-breakpoint
CREATE INDEX "booking_gear_item_idx" ON "booking_gear" USING btree ("gear_item_id","size");--> statement-breakpoint
CREATE INDEX "booking_gear_booking_idx" ON "booking_gear" USING btree ("booking_id");
CREATE TABLE "adventure_price_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"adventure_id" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"age_min" integer DEFAULT 0 NOT NULL,
	"age_max" integer,
	"takes_spot" boolean DEFAULT true NOT NULL,
	"needs_dive_paperwork" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "adventure_price_categories_price_check" CHECK ("adventure_price_categories"."price_cents" >= 0),
	CONSTRAINT "adventure_price_categories_age_check" CHECK ("adventure_price_categories"."age_min" >= 0 AND ("adventure_price_categories"."age_max" IS NULL OR "adventure_price_categories"."age_max" >= "adventure_price_categories"."age_min"))
);
--> statement-breakpoint
ALTER TABLE "adventure_price_categories" ADD CONSTRAINT "adventure_price_categories_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adventure_price_categories_adventure_idx" ON "adventure_price_categories" USING btree ("adventure_id","sort");
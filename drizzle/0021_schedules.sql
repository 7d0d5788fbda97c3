CREATE TABLE "schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"adventure_id" text NOT NULL,
	"weekdays" jsonb NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"available_spots" integer NOT NULL,
	"price_override_cents" integer,
	"notes" text DEFAULT '' NOT NULL,
	"weather_dependent" boolean DEFAULT true NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_range" CHECK ("schedules"."to_date" >= "schedules"."from_date"),
	CONSTRAINT "schedules_spots_range" CHECK ("schedules"."available_spots" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "schedule_id" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_adventure_id_adventures_id_fk" FOREIGN KEY ("adventure_id") REFERENCES "public"."adventures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_adventure_idx" ON "schedules" USING btree ("adventure_id");--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_schedule_idx" ON "availability" USING btree ("schedule_id");
CREATE TABLE "departure_crew" (
	"id" text PRIMARY KEY NOT NULL,
	"availability_id" text NOT NULL,
	"member" text NOT NULL,
	"crew_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_crew_role_check" CHECK ("departure_crew"."crew_role" in ('instructor', 'divemaster', 'skipper'))
);
--> statement-breakpoint
ALTER TABLE "adventures" ADD COLUMN "crew_needed" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "departure_crew" ADD CONSTRAINT "departure_crew_availability_id_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availability"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departure_crew_member_key" ON "departure_crew" USING btree ("availability_id","member");--> statement-breakpoint
CREATE INDEX "departure_crew_member_idx" ON "departure_crew" USING btree ("member");
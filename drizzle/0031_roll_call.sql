CREATE TABLE "device_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"result" jsonb NOT NULL,
	"staff_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roll_call_dives" (
	"id" text PRIMARY KEY NOT NULL,
	"availability_id" text NOT NULL,
	"dive_number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"all_aboard_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roll_call_dives_number" CHECK ("roll_call_dives"."dive_number" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "roll_call_marks" (
	"id" text PRIMARY KEY NOT NULL,
	"dive_id" text NOT NULL,
	"participant_id" text NOT NULL,
	"buddy_id" text,
	"out_at" timestamp with time zone NOT NULL,
	"back_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "check_in_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roll_call_dives" ADD CONSTRAINT "roll_call_dives_availability_id_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availability"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_dive_id_roll_call_dives_id_fk" FOREIGN KEY ("dive_id") REFERENCES "public"."roll_call_dives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_buddy_id_participants_id_fk" FOREIGN KEY ("buddy_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roll_call_dives_departure_key" ON "roll_call_dives" USING btree ("availability_id","dive_number");--> statement-breakpoint
CREATE UNIQUE INDEX "roll_call_marks_diver_key" ON "roll_call_marks" USING btree ("dive_id","participant_id");
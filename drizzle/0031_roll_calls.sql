CREATE TABLE "roll_call_marks" (
	"roll_call_id" text NOT NULL,
	"participant_id" text NOT NULL,
	"buddy_id" text,
	"out_at" timestamp with time zone,
	"back_at" timestamp with time zone,
	CONSTRAINT "roll_call_marks_roll_call_id_participant_id_pk" PRIMARY KEY("roll_call_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "roll_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"availability_id" text NOT NULL,
	"dive_number" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"all_aboard_at" timestamp with time zone,
	CONSTRAINT "roll_calls_dive_number_check" CHECK ("roll_calls"."dive_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_roll_call_id_roll_calls_id_fk" FOREIGN KEY ("roll_call_id") REFERENCES "public"."roll_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_calls" ADD CONSTRAINT "roll_calls_availability_id_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availability"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roll_calls_dive_key" ON "roll_calls" USING btree ("availability_id","dive_number");
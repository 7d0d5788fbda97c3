CREATE TABLE "medical_clearance_events" (
	"id" text PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"kind" text NOT NULL,
	"recorded_by" text DEFAULT '' NOT NULL,
	"doctor" text DEFAULT '' NOT NULL,
	"cleared_on" date,
	"note" text DEFAULT '' NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_clearance_events_kind" CHECK ("medical_clearance_events"."kind" in ('recorded', 'undone', 'voided'))
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "medical_clearance_file" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "medical_clearance_file_type" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "medical_clearance_file_size" integer;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "medical_clearance_file_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "medical_clearance_events" ADD CONSTRAINT "medical_clearance_events_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_clearance_events_participant_idx" ON "medical_clearance_events" USING btree ("participant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_clearance_events_request_key" ON "medical_clearance_events" USING btree ("participant_id","request_key");
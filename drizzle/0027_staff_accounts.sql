CREATE TABLE "staff_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"purpose" text DEFAULT 'invite' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_links_purpose_check" CHECK ("staff_links"."purpose" in ('invite', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" in ('manager', 'crew', 'bookkeeper')),
	CONSTRAINT "staff_members_status_check" CHECK ("staff_members"."status" in ('invited', 'active', 'suspended')),
	CONSTRAINT "staff_members_email_lower_check" CHECK ("staff_members"."email" = lower("staff_members"."email"))
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "staff_id" text;--> statement-breakpoint
ALTER TABLE "staff_links" ADD CONSTRAINT "staff_links_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_links_staff_idx" ON "staff_links" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_idx" ON "staff_members" USING btree ("email");--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;
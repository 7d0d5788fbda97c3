-- Double opt-in: the addresses already listed keep their status; an active one counts as confirmed.
CREATE TABLE "newsletter_confirm_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscriber_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_confirm_links" ADD CONSTRAINT "newsletter_confirm_links_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_confirm_links_subscriber_idx" ON "newsletter_confirm_links" USING btree ("subscriber_id","created_at");
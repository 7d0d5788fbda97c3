CREATE TABLE "checkout_release_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_release_links_email_idx" ON "checkout_release_links" USING btree ("email","created_at");
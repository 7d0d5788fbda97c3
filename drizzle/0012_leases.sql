CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "leases_expires_idx" ON "leases" USING btree ("expires_at");
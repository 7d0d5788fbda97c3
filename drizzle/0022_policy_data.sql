ALTER TABLE "adventures" ADD COLUMN "booking_cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "adventures" ADD COLUMN "policy_override" jsonb;--> statement-breakpoint
ALTER TABLE "adventures" ADD CONSTRAINT "adventures_booking_cutoff" CHECK ("adventures"."booking_cutoff_hours" is null or "adventures"."booking_cutoff_hours" between 0 and 8760);--> statement-breakpoint
-- The seeded text quoted the policy as written then; it now names it by marker, filled in when read, so it follows the operator's policy.
UPDATE "faqs" SET "answer" = replace("answer", 'Cancel 7 or more days before your trip for a full refund. Cancellations 3-6 days before receive a 50% refund, and cancellations 0-2 days before (within 48 hours) are non-refundable.', '{cancellation_policy}');--> statement-breakpoint
UPDATE "content_sections" SET "content" = replace("content", '<ul><li>7 or more days before: full refund.</li><li>3-6 days before: 50% refund.</li><li>0-2 days before (within 48 hours): no refund.</li></ul>', '{cancellation_tiers}');

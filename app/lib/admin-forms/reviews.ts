/** The review payloads: an operator's testimonial, and the moderation of any review. */

import { z } from "../zod.ts";
import { bool, int, requiredText } from "./fields.ts";

export const testimonialSchema = z.object({
  customer_name: requiredText("Customer name", 100),
  adventure_type: requiredText("Adventure", 120),
  location: requiredText("Location", 200),
  content: requiredText("Review text", 5000),
  rating: int("Rating", 1, 5).default(5),
  is_featured: bool("Featured", false),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;

/** The review statuses the operator sets (a customer's review arrives as "pending"). */
export const MODERATION_STATUSES = ["approved", "hidden"] as const;
const MODERATION_MESSAGE = "Status must be approved or hidden";

/**
 * Approve, hide, feature or unfeature a review. Only an approved review is
 * shown, so only an approved one can be featured; hiding one unfeatures it.
 */
export const testimonialStatusSchema = z
  .object({
    status: z.enum(MODERATION_STATUSES, { error: MODERATION_MESSAGE }),
    is_featured: z.boolean({ error: "Featured must be true or false" }).optional(),
  })
  .refine((v) => !(v.status === "hidden" && v.is_featured === true), {
    message: "Only an approved review can be featured",
    path: ["is_featured"],
  });
export type TestimonialStatusInput = z.infer<typeof testimonialStatusSchema>;

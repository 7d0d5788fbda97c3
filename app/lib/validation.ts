/**
 * One zod schema per public payload, used by the forms and by the API, so the
 * browser and the server agree on every rule and message.
 */
import { z } from "./zod.ts";

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A name ends up in email subjects and headers: one line, no control characters. */
const personName = (label: string) =>
  required(label, 100).regex(/^[^\p{Cc}]*$/u, `${label} must be a single line of text`);

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

/** An optional phone number: digits, spaces and + ( ) - . only. */
export const phoneField = z
  .string({ error: "Phone must be text" })
  .trim()
  .max(40, "Phone must be at most 40 characters")
  .regex(/^[0-9+()\-.\s]*$/, "Phone may contain only digits, spaces and + ( ) - .")
  .optional()
  .default("");

/**
 * The contact form's adventure types are the ids of the active adventures
 * (read from the database on the server) followed by these two.
 */
export const CONTACT_EXTRA_TYPES = [
  { value: "custom", label: "Custom trip" },
  { value: "general", label: "General question" },
] as const;
export const CONTACT_TYPE_MESSAGE = "Choose an adventure type from the list";

export const contactSchema = z.object({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  email: emailField,
  phone: phoneField,
  // The shape here; whether it is on the list is checked on the server against the catalogue.
  adventure_type: z
    .string({ error: CONTACT_TYPE_MESSAGE })
    .min(1, CONTACT_TYPE_MESSAGE)
    .max(120, CONTACT_TYPE_MESSAGE),
  message: required("Message", 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({ email: emailField });

/** The largest photo a review takes (or UPLOAD_MAX_MB, when that is smaller). */
export const REVIEW_PHOTO_MAX_MB = 10;

export const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";

/**
 * A customer's review from their booking link. The fields arrive as form
 * text; the adventure, its type and location come from the booking, never
 * from the form.
 */
export const reviewSchema = z.object({
  rating: z
    .string({ error: RATING_MESSAGE })
    .regex(/^[1-5]$/, RATING_MESSAGE)
    .transform(Number),
  content: required("Review", 2000),
  customer_name: personName("Name shown"),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

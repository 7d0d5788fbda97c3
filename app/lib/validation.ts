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

export const CONTACT_ADVENTURE_TYPES = [
  "dive-exhibition",
  "guided-shore-dive",
  "dive-trip-shore",
  "night-dive-experience",
  "scooter-dive-adventure",
  "underwater-treasure-hunt",
  "camping-diving-1night",
  "camping-diving-2day",
  "camping-only-2day",
  "custom",
  "general",
] as const;

export const contactSchema = z.object({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  email: emailField,
  phone: phoneField,
  adventure_type: z.enum(CONTACT_ADVENTURE_TYPES, { error: "Choose an adventure type from the list" }),
  message: required("Message", 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({ email: emailField });

/**
 * The emails the site sends on its own around a trip, as the operator edits
 * them: which kinds exist, the placeholders each may use, and the one check
 * of a text (the admin form and the API apply the same schema).
 */
import { z } from "zod";

export const TRIP_EMAIL_KINDS = ["reminder", "thank_you"] as const;
export type TripEmailKind = (typeof TRIP_EMAIL_KINDS)[number];

export const TRIP_EMAIL_LABELS: Record<TripEmailKind, { title: string; when: string }> = {
  reminder: {
    title: "Trip reminder",
    when: "Sent two days before the trip (Sydney time), or the day before if the site was down.",
  },
  thank_you: {
    title: "Thank-you and review request",
    when: "Sent the day after the trip ends, or within the next week if the site was down.",
  },
};

export interface Placeholder {
  name: string;
  description: string;
}

const COMMON: Placeholder[] = [
  { name: "first_name", description: "The guest's first name" },
  { name: "adventure", description: "The adventure's title" },
  { name: "date", description: "The trip date, e.g. Saturday, 28 November 2026" },
  { name: "start_time", description: "The start time from the itinerary" },
  { name: "meeting_point", description: "Where to meet" },
  { name: "what_to_bring", description: "The adventure's list of what to bring, one per line" },
  { name: "group", description: "How many people, e.g. 2 people" },
  { name: "reference", description: "The booking reference" },
  { name: "whatsapp", description: "Your WhatsApp number and chat link" },
  { name: "manage_link", description: "The guest's private link to their booking" },
];

/** The placeholders each email may use: a review link only makes sense after the trip. */
export const TRIP_EMAIL_PLACEHOLDERS: Record<TripEmailKind, Placeholder[]> = {
  reminder: COMMON,
  thank_you: [...COMMON, { name: "review_link", description: "The page where the guest writes a review" }],
};

/** `{name}` with a lowercase name; any other brace is plain text. */
export const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** The placeholders a text uses that its kind does not know, each once, in order. */
export function unknownPlaceholders(kind: TripEmailKind, text: string): string[] {
  const known = new Set(TRIP_EMAIL_PLACEHOLDERS[kind].map((p) => p.name));
  const unknown = [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]).filter((n) => !known.has(n));
  return [...new Set(unknown)];
}

export const SUBJECT_MAX = 200;
export const BODY_MAX = 10_000;

function placeholderIssue(kind: TripEmailKind, text: string): string | null {
  const unknown = unknownPlaceholders(kind, text);
  if (unknown.length === 0) return null;
  const names = unknown.map((n) => `{${n}}`).join(", ");
  return `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${names}. Use only the placeholders listed for this email.`;
}

const textFields = {
  kind: z.enum(TRIP_EMAIL_KINDS, { error: `Use one of ${TRIP_EMAIL_KINDS.join(", ")}` }),
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`)
    .refine((s) => !/[\r\n]/.test(s), "Subject must be one line"),
  body: z
    .string({ error: "Body is required" })
    .trim()
    .min(1, "Body is required")
    .max(BODY_MAX, `Body must be at most ${BODY_MAX} characters`),
};

/** Unknown placeholders are named on the field that holds them. */
function checkPlaceholders(
  value: { kind: TripEmailKind; subject: string; body: string },
  ctx: z.RefinementCtx,
) {
  for (const field of ["subject", "body"] as const) {
    const issue = placeholderIssue(value.kind, value[field]);
    if (issue) ctx.addIssue({ code: "custom", path: [field], message: issue });
  }
}

/** One email's text (subject and body), as the preview renders it. */
export const tripEmailTextSchema = z.object(textFields).superRefine(checkPlaceholders);

/** What the admin saves: the text, and whether the email is sent at all. */
export const tripEmailTemplateSchema = z
  .object({ ...textFields, enabled: z.boolean({ error: "Enabled must be true or false" }) })
  .superRefine(checkPlaceholders);

export type TripEmailText = z.infer<typeof tripEmailTextSchema>;
export type TripEmailTemplateInput = z.infer<typeof tripEmailTemplateSchema>;

/**
 * The newsletter the operator writes: one schema for the composer and the API,
 * and the one rule that turns the plain-text body into paragraphs (the
 * composer's preview and the email both use it); and the sign-up's answer.
 */
import { z } from "./zod.ts";

/** The thank-you a visitor reads after signing up, from the API or the sign-up page. */
export const SUBSCRIBED_MESSAGE = "Thanks for subscribing! Watch your inbox for trip news.";

/**
 * Said beside the thank-you: a sign-up starts only from the confirmation
 * email's link. True for every address (a subscriber already on the list gets
 * no email), so the answer is the same whoever signs up.
 */
export const CONFIRM_BY_EMAIL =
  "Unless you're already on our list, please confirm your address with the link we've emailed you.";

/** How long a sign-up's confirmation link works (the email and the expired-link page say so). */
export const CONFIRM_LINK_DAYS = 7;

/** The whole answer to a sign-up: the thank-you, then how to confirm. */
export const SIGN_UP_ANSWER = `${SUBSCRIBED_MESSAGE} ${CONFIRM_BY_EMAIL}`;

export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_BODY_MAX = 20_000;

/** What the test send and the real send share. */
export const newsletterDraftSchema = z.object({
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(NEWSLETTER_SUBJECT_MAX, `Subject must be at most ${NEWSLETTER_SUBJECT_MAX} characters`)
    // The subject becomes a mail header: one line, no control characters.
    .regex(/^[^\p{Cc}]*$/u, "Subject must be a single line of text"),
  body: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(NEWSLETTER_BODY_MAX, `Message must be at most ${NEWSLETTER_BODY_MAX} characters`),
});

/**
 * A real send names its campaign: an id the composer makes when it opens, so a
 * repeated or double-clicked send of the same newsletter reaches nobody twice.
 */
export const newsletterSendSchema = newsletterDraftSchema.extend({
  campaign_id: z.uuid({ error: "Campaign id must be a UUID" }),
});

export type NewsletterDraft = z.infer<typeof newsletterDraftSchema>;

/** Paragraphs are separated by blank lines; single line breaks inside one are kept. */
export function newsletterParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

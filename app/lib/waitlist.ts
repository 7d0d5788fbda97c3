/**
 * The waitlist for full dates: the join payload (one schema for the JSON API
 * and the pages' no-JavaScript forms) and the words the pages show.
 */
import { bookingSchema } from "./booking.ts";
import { BUSINESS_TZ, formatDateAU } from "./dates.ts";
import { emailField } from "./validation.ts";
import { z } from "./zod.ts";

/** Fields as the API names them; the booking payload's rules for the shared ones. */
export const waitlistJoinSchema = z.object({
  adventure_id: bookingSchema.shape.adventure_id,
  date: bookingSchema.shape.selected_date,
  email: emailField,
  group_size: bookingSchema.shape.group_size,
});
export type WaitlistJoinInput = z.infer<typeof waitlistJoinSchema>;

/** The fields of the pages' waitlist form (posted without JavaScript, with `intent`). */
export const WAITLIST_FORM_FIELDS = {
  adventure_id: "waitlistAdventureId",
  date: "waitlistDate",
  email: "waitlistEmail",
  group_size: "waitlistGroupSize",
} as const satisfies Record<keyof WaitlistJoinInput, string>;

/** What the waitlist form posts, by its field names. */
export type WaitlistValues = Record<(typeof WAITLIST_FORM_FIELDS)[keyof typeof WAITLIST_FORM_FIELDS], string>;

export const WAITLIST_INTENT = "waitlist";

export const WAITLIST_TEXT = {
  heading: "Tell me if a spot opens",
  joinFailed: "We could not add you to the waitlist. Please try again.",
  offerGone:
    "This waitlist link has expired or was already used. If the date still shows spots, you can book it below.",
} as const;

/** The answer to a join, the same for a first and a repeated one. */
export function joinedMessage(date: string, email: string): string {
  return `You're on the waitlist for ${formatDateAU(date, "full")}. We'll email ${email} as soon as a spot opens.`;
}

/** "Fri, 27 Nov, 3:15 pm": an instant as Sydney wall time, for offer deadlines. */
export function sydneyTimeText(at: Date | string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: BUSINESS_TZ,
    hour: "numeric",
    minute: "2-digit",
    weekday: "short",
    day: "numeric",
    month: "short",
  }).format(new Date(at));
}

/** The banner an offer link shows on /book. */
export function offerBannerText(date: string, expiresAt: Date | string): string {
  return `A spot opened on ${formatDateAU(date, "full")} — book before ${sydneyTimeText(expiresAt)}`;
}

/** An offer link whose spots someone else booked first. */
export function offerTakenText(date: string): string {
  return `The spots that opened on ${formatDateAU(date, "full")} have been booked by someone else. You can join the waitlist again below.`;
}

/** The dates a waitlist form offers: published dates that cannot take the adventure's largest group. */
export function waitlistDates<T extends { published?: boolean; spots_left: number }>(
  dates: T[],
  maxGroup: number,
): T[] {
  return dates.filter((d) => d.published !== false && d.spots_left < maxGroup);
}

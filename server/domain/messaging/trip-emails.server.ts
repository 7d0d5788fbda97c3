/**
 * The emails around a trip: a reminder before it and a thank-you with a
 * review link after it, each sent once per booking through the outbox, with
 * texts the operator edits (or switches off) in the admin area.
 *
 * Exactly once, across any number of app processes: each email is queued in
 * a transaction that also mints the link it carries, under a dedupe key; when
 * that key already exists (another process, an earlier run) the transaction
 * rolls back, so no stray link is left either. Catching up after downtime
 * needs nothing but the windows of `tripEmailDue`: a run on any day sends
 * what is due that day and not yet queued.
 */
import { and, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { addDays, formatDateAU, sydneyDate } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { type SiteContent, type SiteInfo, siteInfo } from "../../../app/lib/site.ts";
import {
  TRIP_EMAIL_KINDS,
  type TripEmailKind,
  type TripEmailTemplateInput,
  type TripEmailText,
} from "../../../app/lib/trip-emails.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, type BookingRow, bookings, emailOutbox, emailTemplates } from "../../db/schema.ts";
import { lastTripDay, tripDays } from "../../email/ics.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import {
  BUILT_IN_TRIP_EMAILS,
  type PlaceholderValues,
  type RenderedTripEmail,
  renderTripEmail,
} from "../../email/trip-templates.server.ts";
import type { Env } from "../../env.server.ts";
import type { Logger } from "../../log.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { startTimeLabel } from "../bookings/booking-emails.server.ts";
import { manageUrl, mintBookingLink } from "../bookings/booking-links.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";

/** How many days before the trip the reminder goes out. */
export const REMINDER_DAYS_BEFORE = 2;
/** How many days after the trip's last day a missed thank-you is still sent. */
export const THANK_YOU_CATCH_UP_DAYS = 7;

export interface TripFacts {
  /** The trip's first day, YYYY-MM-DD (Sydney). */
  tripDate: string;
  /** How many calendar days the trip lasts (1 for a day trip). */
  tripDays: number;
  /** When the booking was confirmed; null for bookings confirmed before that was recorded. */
  confirmedAt: Date | null;
}

/**
 * Whether an email of this kind is due for a trip at the instant `at`. Every
 * day is the Sydney calendar day of that instant (so daylight saving changes
 * nothing but the hour a day starts).
 *
 * - Reminder: due on the reminder day (two days before the trip) and, to
 *   catch up after downtime, on the day before the trip; never on or after
 *   the trip day. Only for bookings confirmed before the reminder day: a
 *   booking made closer to the trip has just received its confirmation,
 *   which carries the same details and link.
 * - Thank-you: due the day after the trip's last day and, to catch up, for
 *   THANK_YOU_CATCH_UP_DAYS days from the last day on.
 */
export function tripEmailDue(kind: TripEmailKind, at: Date, trip: TripFacts): boolean {
  const today = sydneyDate(at);
  if (kind === "reminder") {
    const reminderDay = addDays(trip.tripDate, -REMINDER_DAYS_BEFORE);
    const bookedInTime = trip.confirmedAt === null || sydneyDate(trip.confirmedAt) < reminderDay;
    return bookedInTime && today >= reminderDay && today < trip.tripDate;
  }
  const lastDay = lastTripDay(trip.tripDate, trip.tripDays);
  return today > lastDay && today <= addDays(lastDay, THANK_YOU_CATCH_UP_DAYS);
}

/** The outbox key that makes each email one row. The reminder names the date, so a moved trip is reminded again. */
export function tripEmailKey(kind: TripEmailKind, booking: Pick<BookingRow, "id" | "selectedDate">): string {
  return kind === "reminder"
    ? `trip-reminder:${booking.id}:${booking.selectedDate}`
    : `trip-thank-you:${booking.id}`;
}

const OUTBOX_KIND: Record<TripEmailKind, string> = { reminder: "trip_reminder", thank_you: "trip_thank_you" };

/* ---------- The texts ---------- */

export interface TripEmailTemplate extends TripEmailText {
  kind: TripEmailKind;
  enabled: boolean;
  /** False while the built-in text is used. */
  customised: boolean;
}

/** Each kind's text and switch: the operator's saved row, or the built-in text, switched on. */
export async function loadTripEmailTemplates(db: DB): Promise<Record<TripEmailKind, TripEmailTemplate>> {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(inArray(emailTemplates.kind, [...TRIP_EMAIL_KINDS]));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const out = {} as Record<TripEmailKind, TripEmailTemplate>;
  for (const kind of TRIP_EMAIL_KINDS) {
    const row = byKind.get(kind);
    out[kind] = row
      ? { kind, subject: row.subject, body: row.body, enabled: row.enabled, customised: true }
      : { kind, ...BUILT_IN_TRIP_EMAILS[kind], enabled: true, customised: false };
  }
  return out;
}

export async function saveTripEmailTemplate(
  db: DB,
  input: TripEmailTemplateInput,
  at: Date,
): Promise<TripEmailTemplate> {
  const values = { subject: input.subject, body: input.body, enabled: input.enabled, updatedAt: at };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.kind, input.kind))
      .for("update");
    await tx
      .insert(emailTemplates)
      .values({ kind: input.kind, ...values })
      .onConflictDoUpdate({ target: emailTemplates.kind, set: values });
    const fields = (t: { subject: string; body: string; enabled: boolean }) => ({
      subject: t.subject,
      body: t.body,
      enabled: t.enabled,
    });
    await recordAudit(tx, {
      action: before ? "update" : "create",
      entity: "email_template",
      entityId: input.kind,
      before: before ? fields(before) : null,
      after: fields(values),
    });
  });
  return { ...input, customised: true };
}

/* ---------- Placeholder values ---------- */

interface LinkSet {
  manage: string;
  review: string;
}

/** The WhatsApp number the contact page shows (or the phone), with the chat link when there is one. */
function whatsappValue(site: SiteInfo, content: SiteContent) {
  const number = content.contact?.contact_whatsapp || site.phone;
  if (!site.whatsappUrl) return { text: number };
  if (!number) return { text: site.whatsappUrl, href: site.whatsappUrl };
  return { text: `${number} (${site.whatsappUrl})`, href: site.whatsappUrl, label: number };
}

export function placeholderValues(
  booking: Pick<
    BookingRow,
    "customerFirstName" | "adventureTitle" | "selectedDate" | "startTime" | "groupSize" | "reference"
  >,
  adventure: Pick<AdventureRow, "itinerary" | "meetingPoint" | "location" | "whatToBring">,
  site: SiteInfo,
  content: SiteContent,
  links: LinkSet,
): PlaceholderValues {
  return {
    first_name: { text: booking.customerFirstName },
    adventure: { text: booking.adventureTitle },
    date: { text: formatDateAU(booking.selectedDate, "full") },
    start_time: { text: startTimeLabel(adventure.itinerary, booking.startTime) ?? "as in your confirmation" },
    meeting_point: { text: adventure.meetingPoint || adventure.location },
    what_to_bring: {
      text: adventure.whatToBring.length
        ? adventure.whatToBring.map((w) => `- ${w}`).join("\n")
        : "Nothing special: we provide the equipment.",
    },
    group: { text: peopleText(booking.groupSize) },
    reference: { text: booking.reference },
    whatsapp: whatsappValue(site, content),
    manage_link: { text: links.manage, href: links.manage },
    review_link: { text: links.review, href: links.review },
  };
}

/** The review page of a booking's private link. */
export function reviewUrl(publicUrl: string, token: string): string {
  return `${manageUrl(publicUrl, token)}/review`;
}

/**
 * An unsaved text rendered for the admin preview, with sample booking data
 * on the first active adventure (real meeting point, times and list) and a
 * placeholder link that opens nothing: no customer data, no minted link.
 */
export async function previewTripEmail(
  db: DB,
  publicUrl: string,
  text: { kind: TripEmailKind } & TripEmailText,
  at: Date,
): Promise<RenderedTripEmail> {
  const [adventure] = await db
    .select()
    .from(adventures)
    .where(eq(adventures.isActive, true))
    .orderBy(adventures.sortOrder, adventures.title)
    .limit(1);
  const content = await loadSiteContent(db);
  const site = siteInfo(content);
  const sample = `${publicUrl}/my-booking/your-private-link`;
  const values = placeholderValues(
    {
      customerFirstName: "Alex",
      adventureTitle: adventure?.title ?? "Discover Scuba Diving",
      selectedDate: addDays(sydneyDate(at), REMINDER_DAYS_BEFORE),
      startTime: "",
      groupSize: 2,
      reference: "TW-SAMPLE",
    },
    adventure ?? { itinerary: [], meetingPoint: "", location: "Sydney", whatToBring: [] },
    site,
    content,
    { manage: sample, review: `${sample}/review` },
  );
  return renderTripEmail(text.kind, text, values, site);
}

/* ---------- The job ---------- */

export interface TripEmailDeps {
  db: DB;
  env: Pick<Env, "publicUrl">;
  log: Logger;
  now: () => Date;
}

/** Thrown inside a send's transaction when the email is already queued: undoes the link minted for it. */
class AlreadyQueued extends Error {}

/** The longest trip (days) whose thank-you the job looks back for; none on the site comes close. */
const LONGEST_TRIP_DAYS = 30;
/** Bookings read at a time. */
const PAGE = 200;

/**
 * Queues every trip email due now and not yet queued, and drops queued
 * reminders that could only arrive on or after their trip day. Safe to run
 * at any time, as often as wanted, in any number of processes at once.
 */
export async function sendTripEmails(
  deps: TripEmailDeps,
): Promise<{ reminders: number; thankYous: number; expired: number }> {
  const { db, env, log, now } = deps;
  const at = now();
  const today = sydneyDate(at);
  const expired = await expireLateReminders(db, today, at);
  const templates = await loadTripEmailTemplates(db);
  const content = await loadSiteContent(db);
  const site = siteInfo(content);
  let reminders = 0;
  let thankYous = 0;

  /**
   * Every booking in a date range whose email of this kind is not queued yet,
   * page by page: bookings the windows leave out (too late, booked too close
   * to the trip) stay in the range, so a page limit alone could starve the rest.
   */
  async function forEachCandidate(
    kind: TripEmailKind,
    range: { from: string; to: string },
    statuses: BookingRow["bookingStatus"][],
    handle: (booking: BookingRow, adventure: AdventureRow) => Promise<void>,
  ) {
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const page: { booking: BookingRow; adventure: AdventureRow }[] = await db
        .select({ booking: bookings, adventure: adventures })
        .from(bookings)
        .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
        .where(
          and(
            inArray(bookings.bookingStatus, statuses),
            gte(bookings.selectedDate, range.from),
            lte(bookings.selectedDate, range.to),
            after
              ? sql`(${bookings.selectedDate}, ${bookings.id}) > (${after.date}::date, ${after.id})`
              : undefined,
            kind === "reminder"
              ? sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = 'trip-reminder:' || ${bookings.id} || ':' || ${bookings.selectedDate}::text)`
              : sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = 'trip-thank-you:' || ${bookings.id})`,
          ),
        )
        .orderBy(bookings.selectedDate, bookings.id)
        .limit(PAGE);
      for (const row of page) await handle(row.booking, row.adventure);
      if (page.length < PAGE) return;
      const last = page[page.length - 1].booking;
      after = { date: last.selectedDate, id: last.id };
    }
  }

  const send = async (kind: TripEmailKind, booking: BookingRow, adventure: AdventureRow) => {
    try {
      await db.transaction(async (tx) => {
        const channel = kind === "reminder" ? "reminder" : "thank_you";
        const token = await mintBookingLink(tx, booking.id, channel, at);
        const links = { manage: manageUrl(env.publicUrl, token), review: reviewUrl(env.publicUrl, token) };
        const email = renderTripEmail(
          kind,
          templates[kind],
          placeholderValues(booking, adventure, site, content, links),
          site,
        );
        const queued = await enqueueEmail(tx, {
          kind: OUTBOX_KIND[kind],
          bookingId: booking.id,
          to: booking.customerEmail,
          ...email,
          dedupeKey: tripEmailKey(kind, booking),
        });
        if (!queued) throw new AlreadyQueued();
      });
      return true;
    } catch (error) {
      if (error instanceof AlreadyQueued) return false;
      log.error("trip email could not be queued", { kind, booking: booking.id, error });
      return false;
    }
  };

  // Off means not sent; switched on again, the same windows decide what is still due.
  if (templates.reminder.enabled) {
    const range = { from: addDays(today, 1), to: addDays(today, REMINDER_DAYS_BEFORE) };
    await forEachCandidate("reminder", range, ["confirmed"], async (booking, adventure) => {
      const trip = { tripDate: booking.selectedDate, tripDays: 1, confirmedAt: booking.confirmedAt };
      if (tripEmailDue("reminder", at, trip) && (await send("reminder", booking, adventure))) reminders++;
    });
  }
  if (templates.thank_you.enabled) {
    const range = {
      from: addDays(today, -(THANK_YOU_CATCH_UP_DAYS + LONGEST_TRIP_DAYS)),
      to: addDays(today, -1),
    };
    await forEachCandidate("thank_you", range, ["confirmed", "completed"], async (booking, adventure) => {
      const trip = {
        tripDate: booking.selectedDate,
        tripDays: tripDays(adventure.duration),
        confirmedAt: booking.confirmedAt,
      };
      if (tripEmailDue("thank_you", at, trip) && (await send("thank_you", booking, adventure))) thankYous++;
    });
  }
  if (reminders || thankYous || expired) log.info("trip emails queued", { reminders, thankYous, expired });
  return { reminders, thankYous, expired };
}

/**
 * A reminder still in the outbox on its trip day (SMTP was down), or after
 * its booking was cancelled or moved to another date, would arrive too late
 * or be wrong: it is marked failed instead of sent (a moved trip gets its own
 * reminder). The booking and the trip date are the last two parts of its key.
 */
async function expireLateReminders(db: DB, today: string, at: Date): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({
      status: "failed",
      lastError: "not sent: the trip day had come, or the booking was cancelled or moved",
      nextAttemptAt: at,
    })
    .where(
      and(
        eq(emailOutbox.kind, OUTBOX_KIND.reminder),
        eq(emailOutbox.status, "pending"),
        or(
          sql`split_part(${emailOutbox.dedupeKey}, ':', 3) <= ${today}`,
          sql`exists (select 1 from ${bookings} where ${bookings.id} = split_part(${emailOutbox.dedupeKey}, ':', 2) and (${bookings.bookingStatus} = 'cancelled' or ${bookings.selectedDate}::text <> split_part(${emailOutbox.dedupeKey}, ':', 3)))`,
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

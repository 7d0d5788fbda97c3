/**
 * The email that asks a customer for what their group still lacks before a
 * trip: five days before it and, if still missing, again two days before,
 * with a fresh private link. It lists what is missing in words, as the group
 * may see it (the readiness rule's group view: nothing medical). Each
 * participant with an email of their own who still has something to give
 * gets their own request in the same run, with a link to their own details
 * only; a doctor's clearance is named on that page, never in an email.
 *
 * Exactly once per stage, across any number of app processes, as the trip
 * reminder is sent (trip-emails.server.ts): each email is queued in the
 * transaction that mints its link, under a dedupe key naming the booking,
 * its date and the stage; a run that finds the key taken rolls its link
 * back. Catching up after downtime needs nothing but the windows of
 * `readinessEmailDue`.
 */
import { and, eq, gte, lte, or, sql } from "drizzle-orm";
import { addDays, sydneyDate } from "../../../app/lib/dates.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, type BookingRow, bookings, emailOutbox } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { manageUrl, mintBookingLink, participantUrl } from "../bookings/booking-links.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import {
  type OwnSummary,
  ownSummary,
  type PersonSummary,
  summarise,
  todoFor,
} from "../dive-ops/participant-views.server.ts";
import { bookingParticipants, readinessForBookings } from "../dive-ops/participants.server.ts";
import type { TripEmailDeps, TripFacts } from "./trip-emails.server.ts";

export const READINESS_STAGES = ["first", "second"] as const;
export type ReadinessStage = (typeof READINESS_STAGES)[number];

/** How many days before the trip each stage goes out. */
export const READINESS_DAYS_BEFORE: Record<ReadinessStage, number> = { first: 5, second: 2 };

const OUTBOX_KIND = "readiness_request";

/**
 * Which stage is due for a trip at `at`, if any (Sydney calendar days). The
 * first from five days before until the second takes over, the second from
 * two days before until the day before the trip; never on or after the trip
 * day. As with the reminder, only for bookings confirmed before the stage's
 * day: a booking made later has just received its confirmation, whose link
 * opens the page that lists what is missing, and is asked by the next stage
 * (if any is left before the trip).
 */
export function readinessEmailDue(
  at: Date,
  trip: Pick<TripFacts, "tripDate" | "confirmedAt">,
): ReadinessStage | null {
  const today = sydneyDate(at);
  if (today >= trip.tripDate) return null;
  for (const stage of ["second", "first"] as const) {
    const day = addDays(trip.tripDate, -READINESS_DAYS_BEFORE[stage]);
    if (today < day) continue;
    const bookedInTime = trip.confirmedAt === null || sydneyDate(trip.confirmedAt) < day;
    return bookedInTime ? stage : null;
  }
  return null;
}

/** The lead booker's request; with a participant's id, that participant's own (the booking and date stay the 2nd and 3rd parts). */
export function readinessEmailKey(
  booking: Pick<BookingRow, "id" | "selectedDate">,
  stage: ReadinessStage,
  participantId?: string,
): string {
  const key = `readiness:${booking.id}:${booking.selectedDate}:${stage}`;
  return participantId ? `${key}:${participantId}` : key;
}

/** The people who still have something to give, each with what it is (the group's view). */
export function customerTodo(people: PersonSummary[]): { name: string; todo: string[] }[] {
  return people.map((p) => ({ name: p.name, todo: p.todo })).filter((p) => p.todo.length > 0);
}

/**
 * What a participant's own email asks of them: what they have to give, in
 * words, except that a doctor's clearance is only pointed at (their page names
 * it), and nothing of the operator's own checks.
 */
export function ownEmailTodo(own: Pick<OwnSummary, "issues" | "missing">): string[] {
  return own.issues
    .filter((i) => i !== "certification_to_check")
    .map((i) =>
      i === "medical_clearance_needed"
        ? "One more thing, which only you can see: please open your page"
        : todoFor(i, own.missing),
    );
}

/** The lead booker's email: who lacks what, as the group may see it, and the link. Nothing medical is ever in here. */
export function readinessEmailText(
  booking: Pick<
    BookingRow,
    "customerFirstName" | "adventureTitle" | "selectedDate" | "startTime" | "reference"
  >,
  todo: { name: string; todo: string[] }[],
  link: string,
  stage: ReadinessStage,
  siteTitle: string,
): { subject: string; text: string } {
  const date = departureText(booking.selectedDate, booking.startTime, "full");
  return {
    subject:
      stage === "first"
        ? `Details needed for ${booking.adventureTitle} on ${date}`
        : `Still needed before ${booking.adventureTitle} on ${date}`,
    text: [
      `Hi ${booking.customerFirstName},`,
      "",
      stage === "first"
        ? `Your trip is coming up. Before we can take everyone out on ${date}, we still need:`
        : `Your trip is in two days, and we still need the following before we can take everyone out:`,
      "",
      ...todo.map((p) => `- ${p.name}: ${p.todo.join("; ")}`),
      "",
      "Please fill it in on your booking's private page (each person has their own form):",
      link,
      "",
      "Keep this email to yourself: anyone with the link can see and change this booking. Any earlier details link no longer works.",
      `Booking reference: ${booking.reference}`,
      "",
      siteTitle,
    ].join("\n"),
  };
}

/** A participant's own request: their outstanding items and a link to their own details only. */
export function participantEmailText(
  booking: Pick<
    BookingRow,
    "customerFirstName" | "customerLastName" | "adventureTitle" | "selectedDate" | "startTime" | "reference"
  >,
  name: string,
  todo: string[],
  link: string,
  stage: ReadinessStage,
  siteTitle: string,
): { subject: string; text: string } {
  const date = departureText(booking.selectedDate, booking.startTime, "full");
  const lead = `${booking.customerFirstName} ${booking.customerLastName}`.trim();
  return {
    subject:
      stage === "first"
        ? `Your details for ${booking.adventureTitle} on ${date}`
        : `Still needed from you before ${booking.adventureTitle} on ${date}`,
    text: [
      `Hi ${name.trim().split(/\s+/)[0] || "there"},`,
      "",
      `${lead} has booked ${booking.adventureTitle} on ${date} for a group that includes you. Before we can take you out, we still need from you:`,
      "",
      ...todo.map((t) => `- ${t}`),
      "",
      "Please fill it in on your own private page (it shows your details only, not the rest of the booking):",
      link,
      "",
      "Keep this email to yourself: anyone with the link can see and change your details. Any earlier link we sent you no longer works.",
      `Booking reference: ${booking.reference}`,
      "",
      siteTitle,
    ].join("\n"),
  };
}

/** Thrown inside an email's savepoint when the email is already queued: undoes the link minted for it. */
class AlreadyQueued extends Error {}

/** Runs one email's writes in a savepoint; answers 1 when its email was queued, 0 when it already was. */
async function queueOnce(tx: DB, write: (sp: DB) => Promise<boolean>): Promise<number> {
  try {
    await tx.transaction(async (sp) => {
      if (!(await write(sp))) throw new AlreadyQueued();
    });
    return 1;
  } catch (error) {
    if (error instanceof AlreadyQueued) return 0;
    throw error;
  }
}

/** The furthest ahead a stage looks. */
const HORIZON_DAYS = Math.max(...Object.values(READINESS_DAYS_BEFORE));
/** Bookings read at a time. */
const PAGE = 200;

/**
 * Queues every readiness email due now and not yet queued, for bookings
 * whose customer still has something to give, and drops queued ones that
 * could only arrive on or after the trip day. Safe to run at any time, in
 * any number of processes at once.
 */
export async function sendReadinessEmails(
  deps: TripEmailDeps,
): Promise<{ requests: number; expired: number }> {
  const { db, log, now } = deps;
  const at = now();
  const today = sydneyDate(at);
  const expired = await expireLateRequests(deps, today, at);
  let site: ReturnType<typeof siteInfo> | null = null;
  let requests = 0;
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const page: BookingRow[] = await db
      .select({ booking: bookings })
      .from(bookings)
      .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
      .where(
        and(
          eq(bookings.bookingStatus, "confirmed"),
          gte(bookings.selectedDate, addDays(today, 1)),
          lte(bookings.selectedDate, addDays(today, HORIZON_DAYS)),
          after
            ? sql`(${bookings.selectedDate}, ${bookings.id}) > (${after.date}::date, ${after.id})`
            : undefined,
          // Both stages queued: nothing left to send for this booking and date.
          or(
            ...READINESS_STAGES.map(
              (stage) =>
                sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = 'readiness:' || ${bookings.id} || ':' || ${bookings.selectedDate}::text || ':' || ${stage})`,
            ),
          ),
        ),
      )
      .orderBy(bookings.selectedDate, bookings.id)
      .limit(PAGE)
      .then((rows) => rows.map((r) => r.booking));
    const due = page
      .map((booking) => ({
        booking,
        stage: readinessEmailDue(at, { tripDate: booking.selectedDate, confirmedAt: booking.confirmedAt }),
      }))
      .filter((d): d is { booking: BookingRow; stage: ReadinessStage } => d.stage !== null);
    const readiness = await readinessForBookings(
      db,
      due.map((d) => d.booking.id),
    );
    for (const { booking, stage } of due) {
      const state = readiness.get(booking.id);
      // Only the operator's check left (or nothing): no email.
      if (!state || state.issues.every((i) => i === "certification_to_check")) continue;
      site ??= siteInfo(await loadSiteContent(db));
      requests += await send(deps, booking, stage, site.title, at);
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1];
    after = { date: last.selectedDate, id: last.id };
  }
  if (requests || expired) log.info("readiness emails queued", { requests, expired });
  return { requests, expired };
}

/**
 * Queues a booking's requests for a stage, each once: the lead booker's
 * (when the group still has something to give) and each participant's own
 * (when they have an email and something to give). Answers how many were
 * queued now.
 */
async function send(
  deps: TripEmailDeps,
  booking: BookingRow,
  stage: ReadinessStage,
  siteTitle: string,
  at: Date,
): Promise<number> {
  const { db, env, log } = deps;
  try {
    return await db.transaction(async (tx) => {
      const found = await bookingParticipants(tx, booking.id);
      let queued = 0;
      const todo = customerTodo(summarise(found).people);
      if (todo.length > 0) {
        queued += await queueOnce(tx, async (sp) => {
          const token = await mintBookingLink(sp, booking.id, "readiness", at);
          const email = readinessEmailText(booking, todo, manageUrl(env.publicUrl, token), stage, siteTitle);
          return enqueueEmail(sp, {
            kind: OUTBOX_KIND,
            bookingId: booking.id,
            to: booking.customerEmail,
            ...email,
            dedupeKey: readinessEmailKey(booking, stage),
          });
        });
      }
      for (const p of found.participants) {
        const own = ownEmailTodo(ownSummary(p, found));
        if (p.email === "" || own.length === 0) continue;
        queued += await queueOnce(tx, async (sp) => {
          const token = await mintBookingLink(sp, booking.id, "participant", at, p.id);
          const link = participantUrl(env.publicUrl, token);
          return enqueueEmail(sp, {
            kind: OUTBOX_KIND,
            bookingId: booking.id,
            to: p.email,
            ...participantEmailText(booking, p.fullName, own, link, stage, siteTitle),
            dedupeKey: readinessEmailKey(booking, stage, p.id),
          });
        });
      }
      return queued;
    });
  } catch (error) {
    log.error("readiness email could not be queued", { stage, booking: booking.id, error });
    return 0;
  }
}

/**
 * A request still in the outbox on its trip day (SMTP was down), or after
 * its booking was cancelled or moved, would arrive too late or be wrong: it
 * is marked failed instead of sent. The booking and the trip date are the
 * second and third parts of its key.
 */
async function expireLateRequests(deps: TripEmailDeps, today: string, at: Date): Promise<number> {
  const rows = await deps.db
    .update(emailOutbox)
    .set({
      status: "failed",
      lastError: "not sent: the trip day had come, or the booking was cancelled or moved",
      nextAttemptAt: at,
    })
    .where(
      and(
        eq(emailOutbox.kind, OUTBOX_KIND),
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

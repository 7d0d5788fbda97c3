/** The upcoming confirmed bookings whose group is not ready yet, for the operator to chase. */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { addDays, sydneyDate } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings } from "../../db/schema.ts";
import type { NotReadyBooking } from "./manifest.server.ts";
import { manifestBookingColumns } from "./manifest-queries.server.ts";
import { readinessForBookings } from "./participants.server.ts";

/** Confirmed bookings of the next `days` days (from today in Sydney) that are not ready, soonest first. */
export async function upcomingNotReady(
  db: DB,
  now: Date,
  days = 14,
): Promise<{ from: string; to: string; bookings: NotReadyBooking[] }> {
  const from = sydneyDate(now);
  const to = addDays(from, days - 1);
  const rows = await db
    .select(manifestBookingColumns)
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(
      and(
        gte(bookings.selectedDate, from),
        lte(bookings.selectedDate, to),
        eq(bookings.bookingStatus, "confirmed"),
      ),
    )
    .orderBy(
      asc(bookings.selectedDate),
      asc(adventures.sortOrder),
      asc(bookings.createdAt),
      asc(bookings.id),
    );
  const readiness = await readinessForBookings(
    db,
    rows.map((r) => r.id),
  );
  const out: NotReadyBooking[] = [];
  for (const b of rows) {
    const r = readiness.get(b.id);
    if (!r || r.status === "ready") continue;
    out.push({
      id: b.id,
      reference: b.reference,
      date: b.selectedDate,
      adventure_title: b.adventureTitle,
      readiness: r,
    });
  }
  return { from, to, bookings: out };
}

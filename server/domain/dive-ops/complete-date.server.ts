/** After the trip: the date's confirmed bookings marked completed at once. */
import { and, eq, inArray } from "drizzle-orm";
import { sydneyDate } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings } from "../../db/schema.ts";
import { badRequest } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { canTransition } from "../bookings/booking-status.ts";
import { crewKey } from "./crew.server.ts";
import { MANIFEST_STATUSES } from "./manifest.server.ts";

/**
 * Marks every confirmed booking of a date completed, from the trip day on
 * (Sydney). The date's bookings are locked, then one conditional update: a
 * booking cancelled or completed at the same moment is left as it is, and a
 * second call completes nothing more. Each booking completed gets its entry.
 */
export async function completeDate(
  db: DB,
  log: Logger,
  date: string,
  now: Date,
  only: ReadonlySet<string> | null = null,
): Promise<{ date: string; completed: number }> {
  if (date > sydneyDate(now)) {
    const message = "A date can be marked completed from the trip day on, not before";
    throw badRequest(`date: ${message}`, { date: message });
  }
  // Which of the manifest's bookings move is the booking status rule's to say, as for one booking.
  const from = MANIFEST_STATUSES.filter((s) => canTransition(s, "completed"));
  const done = await db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: bookings.id,
        status: bookings.bookingStatus,
        adventureId: bookings.adventureId,
        startTime: bookings.startTime,
      })
      .from(bookings)
      .where(and(eq(bookings.selectedDate, date), inArray(bookings.bookingStatus, from)))
      .for("update");
    // A Crew member completes the departures they work (`only`), nobody else's.
    const due = only ? found.filter((b) => only.has(crewKey(b.adventureId, date, b.startTime))) : found;
    if (due.length === 0) return [];
    const rows = await tx
      .update(bookings)
      .set({ bookingStatus: "completed", holdExpiresAt: null, updatedAt: now })
      .where(
        and(
          inArray(
            bookings.id,
            due.map((b) => b.id),
          ),
          inArray(bookings.bookingStatus, from),
        ),
      )
      .returning({ id: bookings.id });
    const was = new Map(due.map((b) => [b.id, b.status]));
    for (const { id } of rows) {
      await recordAudit(tx, {
        action: "update",
        entity: "booking",
        entityId: id,
        bookingId: id,
        before: { booking_status: was.get(id) },
        after: { booking_status: "completed" },
      });
    }
    return rows;
  });
  log.info("date marked completed", { date, completed: done.length });
  return { date, completed: done.length };
}

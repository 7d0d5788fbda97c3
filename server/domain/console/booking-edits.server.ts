/**
 * The operator's edits on a booking's console page: the lead customer's
 * contact details, a note, and a fresh private link to pass on.
 */
import { eq } from "drizzle-orm";
import type { BookingContactInput } from "../../../app/lib/admin-forms/booking-page.ts";
import { formatDateAU } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, type BookingRow, bookingNotes, bookings } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { linkExpired, linkLastDay, manageUrl, mintBookingLink } from "../bookings/booking-links.server.ts";
import { type AdminBooking, loadBooking, toAdminBookings } from "./admin-bookings.server.ts";
import type { BookingNoteView } from "./booking-page.server.ts";

interface EditDeps {
  db: DB;
  log: Logger;
  now: () => Date;
}

/** Corrects the lead customer's details; the booking's trip, people and money are untouched. */
export async function updateBookingContact(
  deps: EditDeps,
  bookingId: string,
  input: BookingContactInput,
): Promise<AdminBooking> {
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!before) throw notFound("Booking not found");
    const [after] = await tx
      .update(bookings)
      .set({
        customerFirstName: input.customer_first_name,
        customerLastName: input.customer_last_name,
        customerEmail: input.customer_email,
        customerPhone: input.customer_phone,
        specialRequirements: input.special_requirements,
        updatedAt: deps.now(),
      })
      .where(eq(bookings.id, bookingId))
      .returning();
    await recordAudit(tx, {
      action: "update",
      entity: "booking",
      entityId: bookingId,
      bookingId,
      before: contactFields(before),
      after: contactFields(after),
    });
    return after;
  });
  deps.log.info("booking contact details changed", { booking: bookingId });
  const [booking] = await toAdminBookings(deps.db, [row]);
  return booking;
}

/** The lead customer's details, as the audit log records them. */
function contactFields(b: BookingRow) {
  return {
    customer_first_name: b.customerFirstName,
    customer_last_name: b.customerLastName,
    customer_email: b.customerEmail,
    customer_phone: b.customerPhone,
    special_requirements: b.specialRequirements,
  };
}

export async function addBookingNote(
  deps: EditDeps,
  bookingId: string,
  body: string,
): Promise<BookingNoteView> {
  await loadBooking(deps.db, bookingId);
  const note = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookingNotes)
      .values({ bookingId, body, createdAt: deps.now() })
      .returning();
    await recordAudit(tx, {
      action: "create",
      entity: "booking_note",
      entityId: row.id,
      bookingId,
      before: null,
      after: { body: row.body },
    });
    return row;
  });
  deps.log.info("booking note added", { booking: bookingId });
  return { id: note.id, body: note.body, created_at: note.createdAt.toISOString() };
}

/**
 * A new private link for the operator to pass on. Only token hashes are kept,
 * so an earlier link cannot be shown again: this mints one on the operator
 * channel (the previous operator link stops working). The booking row is
 * locked, so a revocation at the same moment runs after it and switches this
 * link off too; after a revocation, or once the links would have expired, no
 * link is made.
 */
export async function operatorBookingLink(
  deps: EditDeps & { env: { publicUrl: string } },
  bookingId: string,
): Promise<{ url: string; last_day: string }> {
  const at = deps.now();
  const out = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!row) throw notFound("Booking not found");
    if (row.linksRevokedAt) {
      throw conflict(
        "The links to this booking were revoked, so no new one is made here. The customer can ask for a fresh link by email.",
      );
    }
    const [adventure] = await tx
      .select({ duration: adventures.duration })
      .from(adventures)
      .where(eq(adventures.id, row.adventureId));
    const lastDay = linkLastDay(row, adventure);
    if (linkExpired(row, adventure, at)) {
      throw conflict(
        `Links to this booking stopped working after ${formatDateAU(lastDay, "long")}, so a new one would not open.`,
      );
    }
    const token = await mintBookingLink(tx, bookingId, "operator", at);
    // The link itself is a credential and never enters the log: only that one was made, and until when.
    await recordAudit(tx, {
      action: "create",
      entity: "booking_link",
      entityId: bookingId,
      bookingId,
      before: null,
      after: { channel: "operator", last_day: lastDay },
    });
    return { url: manageUrl(deps.env.publicUrl, token), last_day: lastDay };
  });
  // The link is a credential: its booking is logged, never the address.
  deps.log.info("booking link made for the operator", { booking: bookingId });
  return out;
}

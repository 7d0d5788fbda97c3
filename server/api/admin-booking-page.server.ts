import { Hono } from "hono";
import {
  bookingChangeSchema,
  bookingChangeTargetSchema,
  bookingContactSchema,
  bookingNoteSchema,
  operatorRefundSchema,
} from "../../app/lib/admin-forms/booking-page.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { loadBooking, toAdminBookings } from "../domain/console/admin-bookings.server.ts";
import { changeBooking, previewChange } from "../domain/console/booking-change.server.ts";
import {
  addBookingNote,
  operatorBookingLink,
  updateBookingContact,
} from "../domain/console/booking-edits.server.ts";
import { bookingPage } from "../domain/console/booking-page.server.ts";
import { operatorRefund } from "../domain/console/operator-refund.server.ts";
import { sendPaymentLinkAgain } from "../domain/console/payment-link-again.server.ts";
import type { Services } from "../services.server.ts";
import { readJson, readQuery } from "./validate.server.ts";

/**
 * One booking's console page: everything about it, and the operator's edits
 * there (contact details, notes, a fresh private link, a refund of a chosen
 * amount). Revoking the links is the list's own call (admin-bookings).
 */
export function adminBookingPageApi(services: Services) {
  const { database, log, now } = services;
  const db = database.db;
  const deps = { db, log, now, payments: services.payments, env: services.env };
  const api = new Hono();

  api.get("/admin/bookings/:id", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await bookingPage(db, c.req.param("id"), now()));
  });

  api.put("/admin/bookings/:id/contact", async (c) => {
    const id = c.req.param("id");
    // An unknown booking is a 404 before its body is judged.
    await loadBooking(db, id);
    const input = await readJson(c, bookingContactSchema);
    return c.json({ success: true, booking: await updateBookingContact(deps, id, input) });
  });

  api.post("/admin/bookings/:id/notes", async (c) => {
    const id = c.req.param("id");
    await loadBooking(db, id);
    const { body } = await readJson(c, bookingNoteSchema);
    return c.json({ success: true, note: await addBookingNote(deps, id, body) }, 201);
  });

  // The answer carries the link once: it is never stored, so it is never shown again.
  api.post("/admin/bookings/:id/link", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ success: true, ...(await operatorBookingLink(deps, c.req.param("id"))) });
  });

  api.post("/admin/bookings/:id/refunds", async (c) => {
    const id = c.req.param("id");
    await loadBooking(db, id);
    const input = await readJson(c, operatorRefundSchema);
    const result = await operatorRefund(deps, id, {
      amountCents: input.amount,
      reason: input.reason,
      requestKey: input.request_key,
    });
    const [booking] = await toAdminBookings(db, [await loadBooking(db, id)]);
    return c.json(
      {
        success: true,
        repeated: result.repeated,
        refund_amount: result.amountCents / 100,
        refund_status: result.refunds.every((r) => r.status === "succeeded") ? "succeeded" : "pending",
        booking,
      },
      result.repeated ? 200 : 201,
    );
  });

  // The email with an open payment link, once more (the customer lost it).
  api.post("/admin/bookings/:id/payments/:paymentId/send-link", async (c) => {
    const id = c.req.param("id");
    await loadBooking(db, id);
    const sent = await sendPaymentLinkAgain(db, {
      bookingId: id,
      paymentId: c.req.param("paymentId"),
      at: now(),
    });
    return c.json({ success: true, ...sent });
  });

  // What a change of date or group size would cost and how it may be settled; nothing is written.
  api.get("/admin/bookings/:id/change", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const id = c.req.param("id");
    await loadBooking(db, id);
    const target = readQuery(c, bookingChangeTargetSchema);
    return c.json(
      await previewChange(
        db,
        id,
        { date: target.date, startTime: target.start_time, groupSize: target.group_size },
        now(),
      ),
    );
  });

  api.post("/admin/bookings/:id/change", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const id = c.req.param("id");
    await loadBooking(db, id);
    const input = await readJson(c, bookingChangeSchema);
    const result = await changeBooking(deps, id, {
      date: input.date,
      startTime: input.start_time,
      groupSize: input.group_size,
      settlement: input.settlement,
      expectedDifferenceCents: input.expected_difference_cents,
      requestKey: input.request_key,
    });
    return c.json({ success: true, ...result }, result.repeated ? 200 : 201);
  });

  return api;
}

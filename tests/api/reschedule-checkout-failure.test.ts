/**
 * A dearer date whose checkout the provider cannot open: the customer gets a
 * 502 that says the booking is unchanged, the ledger row is cancelled, and
 * the held spots of the new date go back with it (in the same transaction),
 * so nothing is left holding and the customer may try again at once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { availability, bookingChanges, bookings, payments } from "../../server/db/schema.ts";
import { requestReschedule } from "../../server/domain/bookings/reschedule-request.server.ts";
import { HttpError } from "../../server/errors.server.ts";
import { insertBooking } from "../helpers/admin.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

describe("a date change whose checkout cannot open", () => {
  const clock = testClock();
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const booked = async (id: string) =>
    (await t.db.select().from(availability).where(eq(availability.id, id)))[0].bookedSpots;

  it("answers 502 naming the booking unchanged, cancels the ledger row and gives the held spots back", async () => {
    const today = sydneyDate(clock.now());
    const { booking } = await insertBooking(t.db, {
      adventureId: "dive-exhibition",
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: 10_000,
      date: addDays(today, 150),
    });
    const [target] = await t.db
      .insert(availability)
      .values({
        adventureId: "dive-exhibition",
        date: addDays(today, 151),
        availableSpots: 8,
        priceOverrideCents: 13_000,
      })
      .returning();
    const broken = {
      ...t.services.payments,
      createCheckout: () => Promise.reject(new Error("provider down")),
    };
    const deps = { db: t.db, env: t.services.env, log: t.services.log, payments: broken, now: clock.now };

    const error = await requestReschedule(deps, booking.id, { date: target.date }, 6_000).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
    expect((error as HttpError).message).toContain("Your booking is unchanged");

    const [change] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(change.status).toBe("released");
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, change.paymentId ?? ""));
    expect(payment).toMatchObject({ kind: "reschedule", status: "cancelled" });
    expect(await booked(target.id)).toBe(0);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ selectedDate: booking.selectedDate, totalAmountCents: 20_000 });
  });
});

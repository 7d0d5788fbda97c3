/**
 * Several departures a day: the date list names a date's departures, a
 * booking names the one it wants (and is refused, naming start_time, where
 * the date has several and it names none or one that does not run), holds
 * spots on that departure alone at its own price, and the confirmation, its
 * calendar file and the booking's page carry the departure's time. A date
 * with one departure answers as it always did.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import { availability, bookings, emailOutbox } from "../../server/db/schema.ts";
import { readEvents } from "../helpers/ical.ts";
import { sentText } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition"; // $95 a person, itinerary from 8:00 AM
const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Afternoon Diver" };
let t: TestContext;
let date: string;
let single: string;

beforeAll(async () => {
  t = await createTestApp();
  date = addDays(await firstOpenDate(t.app, ADVENTURE), 60);
  single = addDays(date, 1);
  await t.db.insert(availability).values([
    { adventureId: ADVENTURE, date, startTime: "08:00", availableSpots: 4 },
    { adventureId: ADVENTURE, date, startTime: "13:00", availableSpots: 3, priceOverrideCents: 11000 },
    { adventureId: ADVENTURE, date: single, availableSpots: 4 },
  ]);
});
afterAll(() => t.close());

const book = async (body: Record<string, unknown>) => {
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ adventure_id: ADVENTURE, selected_date: date, ...body })),
  );
  return { res, body: (await res.json()) as Record<string, unknown> & { errors?: Record<string, string> } };
};
const rowAt = async (startTime: string) =>
  (
    await t.db
      .select()
      .from(availability)
      .where(
        and(
          eq(availability.adventureId, ADVENTURE),
          eq(availability.date, date),
          eq(availability.startTime, startTime),
        ),
      )
  )[0];

describe("the date list", () => {
  it("lists a date's departures, and a date with one departure as before", async () => {
    const res = await t.app.request(`/api/adventures/${ADVENTURE}/dates`);
    const dates = (await res.json()) as Array<Record<string, unknown>>;
    const two = dates.find((d) => d.date === date);
    expect(two?.departures).toEqual([
      expect.objectContaining({ start_time: "08:00", display: "8:00 am", spots_left: 4, price: 95 }),
      expect.objectContaining({ start_time: "13:00", display: "1:00 pm", spots_left: 3, price: 110 }),
    ]);
    const one = dates.find((d) => d.date === single);
    expect(Object.keys(one ?? {}).sort()).toEqual(
      ["available", "called_off", "date", "display", "price", "published", "spots_left"].sort(),
    );
  });
});

describe("booking a departure", () => {
  it("asks which departure where the date has several, naming start_time", async () => {
    const none = await book({});
    expect(none.res.status).toBe(400);
    expect(none.body.errors?.start_time).toMatch(/has 2 departures\. Please choose a departure time\./);
    const wrong = await book({ start_time: "10:00" });
    expect(wrong.res.status).toBe(400);
    expect(wrong.body.errors?.start_time).toMatch(/no departure at 10:00 am/);
    const malformed = await book({ start_time: "1pm" });
    expect(malformed.res.status).toBe(400);
    expect(malformed.body.errors?.start_time).toMatch(/HH:MM/);
    expect((await rowAt("08:00")).bookedSpots + (await rowAt("13:00")).bookedSpots).toBe(0);
  });

  it("holds spots on the chosen departure alone, at its price, and the emails and calendar carry its time", async () => {
    const { res, body } = await book({
      start_time: "13:00",
      group_size: 2,
      customer_email: "pm@example.com",
    });
    expect(res.status).toBe(201);
    expect((await rowAt("13:00")).bookedSpots).toBe(2);
    expect((await rowAt("08:00")).bookedSpots).toBe(0);
    const [booking] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, String(body.booking_id)));
    expect(booking).toMatchObject({ startTime: "13:00", unitPriceCents: 11000, totalAmountCents: 22000 });

    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(200);
    const [confirmation] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, booking.id), eq(emailOutbox.kind, "booking_confirmation")));
    expect(confirmation.subject).toContain("1:00 pm");
    expect(await sentText(t.db, confirmation)).toContain("1:00 pm");
    const ics = confirmation.attachments.find((a) => a.filename.endsWith(".ics"));
    // The seeded trip advertises 3 hours: the afternoon departure runs 1 pm to 4 pm, Sydney time.
    expect(readEvents(ics?.content ?? "")[0]).toMatchObject({
      zone: "Australia/Sydney",
      start: `${date}T13:00:00`,
      end: `${date}T16:00:00`,
    });
  });

  it("counts a full departure's spots, not the date's", async () => {
    const { res, body } = await book({
      start_time: "13:00",
      group_size: 2,
      customer_email: "late@example.com",
    });
    expect(res.status).toBe(400);
    expect(body.errors?.group_size).toMatch(/Only 1 spot is left on .*1:00 pm/);
    const morning = await book({ start_time: "08:00", group_size: 2, customer_email: "am@example.com" });
    expect(morning.res.status).toBe(201);
  });

  it("books a date's one departure without a time, as the spec's payload does", async () => {
    const { res } = await book({ selected_date: single, customer_email: "plain@example.com" });
    expect(res.status).toBe(201);
    const refused = await book({ selected_date: single, start_time: "08:00" });
    expect(refused.res.status).toBe(400);
    expect(refused.body.errors?.start_time).toMatch(/no departure at 8:00 am/);
  });
});

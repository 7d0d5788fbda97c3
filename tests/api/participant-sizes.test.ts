/**
 * A participant's sizes carried to their gear hires (ADR 40): saved from the
 * customer's participant form or by the operator, a wetsuit hire takes the
 * wetsuit size and fins the fin size, under the date's stock: a size hired
 * out is a 409 naming the field, and neither the details nor the hires change.
 * Gear without a size on the form (a dive computer) and other people's hires
 * stay as booked.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import { bookingGear, bookings, gearItems, gearStock, participants } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const DATE = "2030-03-14";
let t: TestContext;
let owner: string;
let pages: ReturnType<typeof appWithRoutes>;
const item: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(t);
  pages = appWithRoutes(t.services, (method, path) => {
    const person = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
    if (!person) return null;
    const fn = method === "GET" ? participantPage.loader : participantPage.action;
    return { fn: fn as RouteFn, params: { token: person[1], position: person[2] } };
  });
  for (const name of ["Wetsuit", "Fins", "Dive computer"]) {
    const [row] = await t.db.insert(gearItems).values({ name }).returning();
    item[name] = row.id;
  }
  await t.db.insert(gearStock).values([
    { gearItemId: item.Wetsuit, size: "M", quantity: 3 },
    { gearItemId: item.Wetsuit, size: "L", quantity: 1 },
    { gearItemId: item.Fins, size: "M", quantity: 5 },
    { gearItemId: item.Fins, size: "L", quantity: 5 },
    { gearItemId: item["Dive computer"], size: "Standard", quantity: 5 },
  ]);
});
afterAll(() => t?.close());

let n = 0;
/** A confirmed booking of two on DATE, each person hiring a medium wetsuit and fins, person 1 a computer too. */
async function hirers() {
  const { booking } = await insertBooking(t.db, {
    paid: true,
    holdSpots: true,
    groupSize: 2,
    date: DATE,
    email: `sizes-${++n}@example.com`,
  });
  const hire = (name: string, size: string, participant: number) => ({
    bookingId: booking.id,
    gearItemId: item[name],
    size,
    quantity: 1,
    participant,
  });
  await t.db
    .insert(bookingGear)
    .values([
      hire("Wetsuit", "M", 1),
      hire("Fins", "M", 1),
      hire("Dive computer", "Standard", 1),
      hire("Wetsuit", "M", 2),
      hire("Fins", "M", 2),
    ]);
  return booking;
}

const hiresOf = async (bookingId: string) =>
  (await t.db.select().from(bookingGear).where(eq(bookingGear.bookingId, bookingId)))
    .map((g) => `${g.participant} ${Object.keys(item).find((k) => item[k] === g.gearItemId)} ${g.size}`)
    .sort();

const details = (wetsuit: string, fins: string) => ({
  full_name: "Noa Reef",
  date_of_birth: "1991-01-01",
  emergency_contact_name: "Kai Reef",
  emergency_contact_phone: "0400 222 333",
  height_cm: 168,
  weight_kg: 60,
  wetsuit_size: wetsuit,
  fin_size: fins,
  medical_answers: Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false])),
});

describe("a participant's sizes and their gear hires", () => {
  it("the operator's edit moves the person's hires to their sizes, and a size hired out is a 409 naming the field", async () => {
    const other = await hirers();
    const booking = await hirers();
    // The only large wetsuit goes to someone else on that date.
    await t.app.request(
      `/api/admin/bookings/${other.id}/participants/2`,
      authed(owner, "PUT", details("L", "M")),
    );
    expect(await hiresOf(other.id)).toContain("2 Wetsuit L");

    const refused = await t.app.request(
      `/api/admin/bookings/${booking.id}/participants/1`,
      authed(owner, "PUT", details("L", "L")),
    );
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { detail: string; errors: Record<string, string> };
    expect(body.detail).toBe(`Wetsuit L is all hired out on ${DATE}; choose another size or date.`);
    expect(body.errors).toEqual({ wetsuit_size: body.detail });
    // Nothing saved: no participant row, the hires as booked.
    expect(await t.db.select().from(participants).where(eq(participants.bookingId, booking.id))).toEqual([]);
    expect(await hiresOf(booking.id)).toEqual([
      "1 Dive computer Standard",
      "1 Fins M",
      "1 Wetsuit M",
      "2 Fins M",
      "2 Wetsuit M",
    ]);

    // The other booking is cancelled (its spots, and so its gear, released): the large wetsuit is free.
    await t.db.update(bookings).set({ holdsSpots: false }).where(eq(bookings.id, other.id));
    const saved = await t.app.request(
      `/api/admin/bookings/${booking.id}/participants/1`,
      authed(owner, "PUT", details("L", "L")),
    );
    expect(saved.status).toBe(200);
    expect(await hiresOf(booking.id)).toEqual([
      "1 Dive computer Standard",
      "1 Fins L",
      "1 Wetsuit L",
      "2 Fins M",
      "2 Wetsuit M",
    ]);
  });

  it("the customer's form does the same and shows the refusal", async () => {
    const booking = await hirers();
    const token = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", new Date()));
    const post = (wetsuit: string, fins: string) => {
      const form: Record<string, string> = {};
      for (const [k, v] of Object.entries(details(wetsuit, fins)))
        if (k !== "medical_answers") form[k] = String(v);
      for (const id of MEDICAL_QUESTION_IDS) form[`medical_${id}`] = "no";
      return pages.request(`/my-booking/${token}/participants/2`, formPost(form));
    };
    // Large fins are free; the large wetsuit is taken by the first test's booking.
    const refused = await post("L", "L");
    expect(refused.status).toBe(409);
    const answer = (await refused.json()) as { detail: string; errors: Record<string, string> };
    expect(answer.errors.wetsuit_size).toBe(
      `Wetsuit L is all hired out on ${DATE}; choose another size or date.`,
    );
    expect(await hiresOf(booking.id)).toContain("2 Fins M");

    const saved = await post("M", "L");
    expect(saved.status).toBeLessThan(400);
    const hires = await hiresOf(booking.id);
    expect(hires).toContain("2 Fins L");
    expect(hires).toContain("2 Wetsuit M");
    expect(hires).toContain("1 Fins M");
    const [row] = await t.db
      .select()
      .from(participants)
      .where(and(eq(participants.bookingId, booking.id), eq(participants.position, 2)));
    expect(row.finSize).toBe("L");
  });
});

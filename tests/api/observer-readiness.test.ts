/**
 * An observer (booked in a price category without dive paperwork) is ready
 * with their details and the waiver everywhere readiness is read, not only on
 * their own form: the operator's participant answer, the manifest (medical
 * not applicable), the not-ready list, the bookings' readiness and the
 * readiness emails. The same person in the spec's booking (no categories)
 * still owes gear sizes and the medical questions, so the exemption follows
 * the category and nothing else.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import { priceLine } from "../../app/lib/price-lines.ts";
import { bookings, emailOutbox, participants } from "../../server/db/schema.ts";
import { readinessForBookings } from "../../server/domain/dive-ops/participants.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const TRIP = "2031-05-20";
let current = new Date("2031-05-10T02:00:00Z"); // within the not-ready list's 14 days
const now = () => new Date(current);

let t: TestContext;
let owner: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now });
  owner = await login(t);
  const res = await t.app.request(
    `/api/admin/adventures/${ADVENTURE}/price-categories`,
    authed(owner, "PUT", {
      categories: [
        { name: "Diver", price: 95, age_min: 12 },
        { name: "Observer", price: 40, needs_dive_paperwork: false },
      ],
    }),
  );
  expect(res.status).toBe(200);
  for (const c of ((await res.json()) as { categories: { id: string; name: string }[] }).categories)
    ids[c.name] = c.id;
});
afterAll(() => t?.close());

const admin = (path: string, method = "GET", body?: unknown) =>
  t.app.request(path, authed(owner, method, body));

const diver = {
  full_name: "Noa Reef",
  date_of_birth: "1991-01-01",
  emergency_contact_name: "Kai Reef",
  emergency_contact_phone: "0400 222 333",
  height_cm: 168,
  weight_kg: 60,
  wetsuit_size: "S",
  fin_size: "S",
  medical_answers: Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false])),
};
/** What an observer gives: details only (the waiver is accepted on the page; here straight in the row). */
const watcher = {
  full_name: "Ari Reef",
  date_of_birth: "1960-06-01",
  emergency_contact_name: "Kai Reef",
  emergency_contact_phone: "0400 222 333",
};

let n = 0;
/** A confirmed booking of a diver and a second person, by category (diver, observer) or the spec's. */
async function twoPeople(byCategory: boolean) {
  const { booking } = await insertBooking(t.db, {
    adventureId: ADVENTURE,
    date: TRIP,
    groupSize: 2,
    paid: true,
    unitPriceCents: 9_500,
    email: `observer-${++n}@example.com`,
  });
  if (byCategory) {
    const lines = [
      priceLine({
        kind: "category",
        ref_id: ids.Diver,
        label: "Diver (12+)",
        quantity: 1,
        unit_cents: 9_500,
      }),
      priceLine({
        kind: "category",
        ref_id: ids.Observer,
        label: "Observer",
        quantity: 1,
        unit_cents: 4_000,
      }),
    ];
    await t.db
      .update(bookings)
      .set({ priceLines: lines, totalAmountCents: 13_500, confirmedAt: new Date("2031-04-01T02:00:00Z") })
      .where(eq(bookings.id, booking.id));
  } else {
    await t.db
      .update(bookings)
      .set({ confirmedAt: new Date("2031-04-01T02:00:00Z") })
      .where(eq(bookings.id, booking.id));
  }
  expect((await admin(`/api/admin/bookings/${booking.id}/participants/1`, "PUT", diver)).status).toBe(200);
  const second = await admin(`/api/admin/bookings/${booking.id}/participants/2`, "PUT", watcher);
  expect(second.status).toBe(200);
  await t.db
    .update(participants)
    .set({ waiverVersion: sql`(select max(version) from waivers)` })
    .where(eq(participants.bookingId, booking.id));
  return { id: booking.id, second: (await second.json()) as { missing: string[] } };
}

const readinessRequests = (bookingId: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.kind, "readiness_request"), like(emailOutbox.dedupeKey, `readiness:${bookingId}:%`)),
    );

describe("an observer's readiness outside their own form", () => {
  it("is details and the waiver in every reading; the spec's booking still asks for gear and medical", async () => {
    const observed = await twoPeople(true);
    const plain = await twoPeople(false);
    // The operator's answer to the save names what is missing by the same rule.
    expect(observed.second.missing).toEqual([]);
    expect(plain.second.missing).toEqual(["gear", "medical"]);

    const readiness = await readinessForBookings(t.db, [observed.id, plain.id]);
    expect(readiness.get(observed.id)?.status).toBe("ready");
    expect(readiness.get(plain.id)?.status).toBe("details_missing");

    const manifest = (await (await admin(`/api/admin/manifest?date=${TRIP}`)).json()) as {
      adventures: {
        bookings: {
          id: string;
          readiness: { status: string };
          participants: { position: number; readiness: string; medical: string }[];
        }[];
      }[];
    };
    const onManifest = manifest.adventures.flatMap((a) => a.bookings);
    const seen = onManifest.find((b) => b.id === observed.id);
    expect(seen?.readiness.status).toBe("ready");
    expect(seen?.participants.map((p) => [p.readiness, p.medical])).toEqual([
      ["ready", "no_medical_issues"],
      ["ready", "not_applicable"],
    ]);
    expect(onManifest.find((b) => b.id === plain.id)?.readiness.status).toBe("details_missing");

    const notReady = (await (await admin("/api/admin/manifest/not-ready")).json()) as {
      bookings: { id: string }[];
    };
    const chased = notReady.bookings.map((b) => b.id);
    expect(chased).toContain(plain.id);
    expect(chased).not.toContain(observed.id);

    // Five days before the trip only the booking that still owes something is asked.
    current = new Date(`${addDays(TRIP, -5)}T02:00:00Z`);
    await t.services.tripEmails.run();
    expect(await readinessRequests(observed.id)).toHaveLength(0);
    expect(await readinessRequests(plain.id)).toHaveLength(1);
  });
});

/**
 * One minimum age: the adventure page states the age the participant form
 * enforces, the adventure's own minimum never below its activity's floor
 * (12 with diving, 8 for camping), whatever the operator entered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import { ageOn, latestBirthDate } from "../../app/lib/readiness.ts";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, type RouteFn } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

const clock = testClock(new Date("2031-02-01T01:00:00Z"));
let t: TestContext;
let token: string;
let pages: ReturnType<typeof appWithRoutes>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  token = await login(t);
  pages = appWithRoutes(t.services, (method, path) => {
    const m = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
    if (!m || method !== "GET") return null;
    return { fn: participantPage.loader as RouteFn, params: { token: m[1], position: m[2] } };
  });
});
afterAll(() => t?.close());

/** The operator saves the adventure with this category and minimum age. */
async function setMinAge(id: string, category: string, minAge: number) {
  const res = await t.app.request(
    `/api/admin/adventures-pro/${id}`,
    authed(token, "PUT", { title: id, slug: id, base_price: 150, category, min_age: minAge }),
  );
  expect(res.status).toBe(200);
}

/** The minimum age the adventure page shows. */
async function shownMinAge(id: string): Promise<number> {
  const list = (await (await t.app.request("/api/adventures-pro")).json()) as {
    id: string;
    min_age: number;
  }[];
  const found = list.find((a) => a.id === id);
  if (!found) throw new Error(`${id} is not listed`);
  return found.min_age;
}

const allNo = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));

describe("the minimum age shown is the one enforced", () => {
  it("a dive adventure saved with 8 shows 12, the diving floor; a higher minimum of its own shows as saved", async () => {
    await setMinAge("dive-exhibition", "scuba-diving", 8);
    expect(await shownMinAge("dive-exhibition")).toBe(12);
    await setMinAge("dive-exhibition", "scuba-diving", 15);
    expect(await shownMinAge("dive-exhibition")).toBe(15);
  });

  it("a camping trip shows its own minimum, never below 8", async () => {
    await setMinAge("camping-only-2day", "camping", 5);
    expect(await shownMinAge("camping-only-2day")).toBe(8);
    await setMinAge("camping-only-2day", "camping", 10);
    expect(await shownMinAge("camping-only-2day")).toBe(10);
  });

  it("the participant form takes exactly the age the page shows, on the trip date", async () => {
    await setMinAge("dive-exhibition", "scuba-diving", 8);
    const shown = await shownMinAge("dive-exhibition");
    const date = addDays(sydneyDate(clock.now()), 30);
    const { booking } = await insertBooking(t.db, { adventureId: "dive-exhibition", date, paid: true });

    // The form states the same number and limits the date input to it.
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
    const page = await pages.request(`/my-booking/${link}/participants/1`);
    expect(page.status).toBe(200);
    const { form } = (await page.json()) as { form: { minimumAge: number; tripDate: string } };
    expect(form.minimumAge).toBe(shown);

    const oldest = latestBirthDate(date, shown);
    expect(ageOn(oldest, date)).toBe(shown);
    const save = (dateOfBirth: string) =>
      t.app.request(
        `/api/admin/bookings/${booking.id}/participants/1`,
        authed(token, "PUT", {
          full_name: "Young Diver",
          date_of_birth: dateOfBirth,
          emergency_contact_name: "Jo Citizen",
          emergency_contact_phone: "0400 111 222",
          height_cm: 150,
          weight_kg: 45,
          wetsuit_size: "S",
          fin_size: "S",
          medical_answers: allNo,
        }),
      );
    const tooYoung = await save(addDays(oldest, 1));
    expect(tooYoung.status).toBe(400);
    const body = (await tooYoung.json()) as { errors: Record<string, string> };
    expect(body.errors.date_of_birth).toBe(
      `Date of birth: participants must be at least ${shown} on the trip date`,
    );
    expect((await save(oldest)).status).toBe(200);
  });
});

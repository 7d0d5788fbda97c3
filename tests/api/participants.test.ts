/**
 * Participants through the admin API and the customer's private link: each
 * field validated and named, ages and the guardian rule, the waiver's
 * versions, the operator's clearance and certification check, and the
 * booking's readiness as it moves from details missing to ready.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import { bookings, participants, waivers } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { readinessForBookings } from "../../server/domain/dive-ops/participants.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

const current = new Date("2031-02-01T01:00:00Z");
const now = () => new Date(current);
const TODAY = () => sydneyDate(current);

let t: TestContext;
let token: string;
/** The app with the participant page's loader and action answering as JSON. */
let pages: ReturnType<typeof appWithRoutes>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now });
  token = await login(t);
  pages = appWithRoutes(t.services, (method, path) => {
    const m = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
    if (!m) return null;
    const fn = method === "GET" ? participantPage.loader : participantPage.action;
    return { fn: fn as RouteFn, params: { token: m[1], position: m[2] } };
  });
});
afterAll(() => t.close());

const api = (path: string, method = "GET", body?: unknown) =>
  t.app.request(path, authed(token, method, body));

const allNo = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));
const oneYes = { ...allNo, lungs: true };

/** A complete adult diver for a trip on `date`, certified. */
function diver(name: string, extra: Record<string, unknown> = {}) {
  return {
    full_name: name,
    date_of_birth: "1990-05-04",
    email: "",
    emergency_contact_name: "Jo Citizen",
    emergency_contact_phone: "0400 111 222",
    height_cm: 175,
    weight_kg: 72,
    wetsuit_size: "M",
    fin_size: "L",
    cert_agency: "PADI",
    cert_level: "Open Water Diver",
    cert_number: "1234ABC",
    last_dive_date: "2030-11-20",
    medical_answers: allNo,
    ...extra,
  };
}

async function book(adventureId = "guided-shore-dive", groupSize = 2, date = addDays(TODAY(), 20)) {
  const { booking } = await insertBooking(t.db, { adventureId, groupSize, date, paid: true });
  return booking;
}

async function readiness(bookingId: string) {
  const res = await api(`/api/admin/bookings/${bookingId}/participants`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    readiness: { status: string; issues: string[]; participantsMissing: number };
    participants: { id: string; position: number; readiness: string; medical_answers: unknown }[];
  };
}

describe("the admin participants API", () => {
  it("needs the admin token", async () => {
    const booking = await book();
    const get = await t.app.request(`/api/admin/bookings/${booking.id}/participants`);
    expect(get.status).toBe(401);
    const put = await t.app.request(
      `/api/admin/bookings/${booking.id}/participants/1`,
      jsonRequest("PUT", diver("Ana Diaz")),
    );
    expect(put.status).toBe(401);
    for (const path of [
      "/api/admin/participants/x/medical-clearance",
      "/api/admin/participants/x/certification-checked",
    ]) {
      expect((await t.app.request(path, jsonRequest("POST", {}))).status).toBe(401);
    }
    expect((await t.app.request("/api/admin/waiver")).status).toBe(401);
    expect(
      (await t.app.request("/api/admin/waiver", jsonRequest("POST", { title: "x", body: "y", based_on: 1 })))
        .status,
    ).toBe(401);
  });

  it("moves a booking from details missing to ready, one step at a time", async () => {
    const booking = await book();
    expect((await readiness(booking.id)).readiness).toEqual({
      status: "details_missing",
      issues: ["details_missing"],
      participantsMissing: 2,
    });

    const first = await api(`/api/admin/bookings/${booking.id}/participants/1`, "PUT", diver("Ana Diaz"));
    expect(first.status).toBe(200);
    const ana = await first.json();
    expect(ana).toMatchObject({
      position: 1,
      full_name: "Ana Diaz",
      readiness: "waiver_missing",
      medical_needs_clearance: false,
    });
    const second = await api(
      `/api/admin/bookings/${booking.id}/participants/2`,
      "PUT",
      diver("Ben Ode", { medical_answers: oneYes }),
    );
    const ben = await second.json();
    expect(ben.medical_needs_clearance).toBe(true);
    expect((await readiness(booking.id)).readiness.status).toBe("waiver_missing");

    // The waiver is accepted from the customer's link (the operator cannot sign for a guest).
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
    for (const [position, name] of [
      [1, "Ana Diaz"],
      [2, "Ben Ode"],
    ] as const) {
      const res = await postForm(
        link,
        position,
        formOf(diver(name, { medical_answers: undefined }), {
          waiver_name: name.toUpperCase(),
          waiver_version: await currentVersion(),
        }),
      );
      expect(res.status).toBe(303);
    }
    let state = await readiness(booking.id);
    expect(state.readiness).toEqual({
      status: "medical_clearance_needed",
      issues: ["medical_clearance_needed", "certification_to_check"],
      participantsMissing: 0,
    });
    // The same answers saved again keep a clearance; new answers with a "yes" need a new one.
    const clear = await api(`/api/admin/participants/${ben.id}/medical-clearance`, "POST");
    expect(clear.status).toBe(200);
    expect((await clear.json()).medical_clearance_at).toBe(now().toISOString());
    state = await readiness(booking.id);
    expect(state.readiness.status).toBe("certification_to_check");
    await api(
      `/api/admin/bookings/${booking.id}/participants/2`,
      "PUT",
      diver("Ben Ode", { medical_answers: oneYes }),
    );
    expect((await readiness(booking.id)).readiness.status).toBe("certification_to_check");
    await api(
      `/api/admin/bookings/${booking.id}/participants/2`,
      "PUT",
      diver("Ben Ode", { medical_answers: { ...oneYes, heart: true } }),
    );
    expect((await readiness(booking.id)).readiness.status).toBe("medical_clearance_needed");
    await api(`/api/admin/participants/${ben.id}/medical-clearance`, "POST");

    for (const p of [ana, ben]) {
      const checked = await api(`/api/admin/participants/${p.id}/certification-checked`, "POST");
      expect(checked.status).toBe(200);
    }
    state = await readiness(booking.id);
    expect(state.readiness).toEqual({ status: "ready", issues: [], participantsMissing: 0 });
    expect(state.participants.map((p) => p.readiness)).toEqual(["ready", "ready"]);
    expect((await readinessForBookings(t.db, [booking.id])).get(booking.id)?.status).toBe("ready");

    // A new certification number must be checked again.
    await api(
      `/api/admin/bookings/${booking.id}/participants/1`,
      "PUT",
      diver("Ana Diaz", { cert_number: "999" }),
    );
    expect((await readiness(booking.id)).readiness.status).toBe("certification_to_check");
  });

  it("refuses each bad field with a message that names it", async () => {
    const booking = await book();
    const cases: [Record<string, unknown>, string][] = [
      [{ full_name: "" }, "full_name"],
      [{ full_name: "a".repeat(101) }, "full_name"],
      [{ date_of_birth: "04/05/1990" }, "date_of_birth"],
      [{ date_of_birth: "2031-13-01" }, "date_of_birth"],
      [{ date_of_birth: addDays(TODAY(), 1) }, "date_of_birth"],
      [{ date_of_birth: "1900-01-01" }, "date_of_birth"],
      [{ email: "not-an-email" }, "email"],
      [{ emergency_contact_name: "a\nb" }, "emergency_contact_name"],
      [{ emergency_contact_phone: "call me" }, "emergency_contact_phone"],
      [{ height_cm: 49 }, "height_cm"],
      [{ height_cm: 251 }, "height_cm"],
      [{ height_cm: 170.5 }, "height_cm"],
      [{ weight_kg: 9 }, "weight_kg"],
      [{ weight_kg: "heavy" }, "weight_kg"],
      [{ wetsuit_size: "XXXXL" }, "wetsuit_size"],
      [{ fin_size: "42" }, "fin_size"],
      [{ cert_agency: "ABC" }, "cert_agency"],
      [{ cert_level: "x".repeat(61) }, "cert_level"],
      [{ cert_number: "x".repeat(41) }, "cert_number"],
      [{ last_dive_date: addDays(TODAY(), 2) }, "last_dive_date"],
      [{ last_dive_date: "1980-01-01" }, "last_dive_date"],
      [{ medical_answers: { lungs: true } }, "medical_answers.heart"],
      [{ medical_answers: { ...allNo, smoking: false } }, "medical_answers.smoking"],
      [{ medical_answers: { ...allNo, lungs: "yes" } }, "medical_answers.lungs"],
      [{ medical_answers: [true] }, "medical_answers"],
    ];
    for (const [change, field] of cases) {
      const res = await api(
        `/api/admin/bookings/${booking.id}/participants/1`,
        "PUT",
        diver("Ana Diaz", change),
      );
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = (await res.json()) as { detail: string; errors: Record<string, string> };
      expect(Object.keys(body.errors), JSON.stringify(change)).toContain(field);
      expect(body.detail).toContain(`${field}:`);
    }
    for (const position of ["0", "3", "x", "1.5"]) {
      const res = await api(
        `/api/admin/bookings/${booking.id}/participants/${position}`,
        "PUT",
        diver("Ana Diaz"),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toHaveProperty("position");
    }
    expect((await api("/api/admin/bookings/nope/participants/1", "PUT", diver("Ana Diaz"))).status).toBe(404);
    expect(await t.db.select().from(participants).where(eq(participants.bookingId, booking.id))).toHaveLength(
      0,
    );
  });

  it("applies the minimum age on the trip date: 12 for diving, 8 for camping, and the adventure's own", async () => {
    const tripDate = "2031-06-15";
    const dive = await book("dive-exhibition", 2, tripDate);
    const camp = await book("camping-only-2day", 2, tripDate);
    const save = (b: { id: string }, dob: string, extra: Record<string, unknown> = {}) =>
      api(`/api/admin/bookings/${b.id}/participants/1`, "PUT", {
        full_name: "Kid Kelly",
        date_of_birth: dob,
        ...extra,
      });
    // Twelve on the trip day, not the day before.
    expect((await save(dive, "2019-06-15")).status).toBe(200);
    const young = await save(dive, "2019-06-16");
    expect(young.status).toBe(400);
    expect((await young.json()).errors.date_of_birth).toMatch(/at least 12/);
    expect((await save(camp, "2023-06-15")).status).toBe(200);
    expect((await save(camp, "2023-06-16")).status).toBe(400);
    // Camping asks neither certification nor a medical questionnaire; discover diving no certification.
    const campMedical = await save(camp, "2000-01-01", { medical_answers: allNo });
    expect((await campMedical.json()).errors).toHaveProperty("medical_answers");
    const noCert = await save(dive, "2000-01-01", { cert_number: "123" });
    expect((await noCert.json()).errors).toHaveProperty("cert_number");
  });

  it("keeps a cancelled booking unchanged and a completed one read-only", async () => {
    const cancelled = await book();
    await t.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, cancelled.id));
    const completed = await book();
    const id = (
      await (
        await api(
          `/api/admin/bookings/${completed.id}/participants/1`,
          "PUT",
          diver("Ana Diaz", { medical_answers: oneYes }),
        )
      ).json()
    ).id;
    await t.db.update(bookings).set({ bookingStatus: "completed" }).where(eq(bookings.id, completed.id));
    for (const b of [cancelled, completed]) {
      const res = await api(`/api/admin/bookings/${b.id}/participants/1`, "PUT", diver("Ana Diaz"));
      expect(res.status).toBe(409);
    }
    // Recording what the operator received stays possible on a completed booking's record.
    expect((await api(`/api/admin/participants/${id}/medical-clearance`, "POST")).status).toBe(200);
    expect((await readiness(completed.id)).participants).toHaveLength(1);
  });

  it("refuses a clearance nobody needs and a check of no certification", async () => {
    const booking = await book("guided-shore-dive", 1);
    const p = await (
      await api(
        `/api/admin/bookings/${booking.id}/participants/1`,
        "PUT",
        diver("Ana Diaz", { cert_agency: "", cert_level: "", cert_number: "" }),
      )
    ).json();
    expect((await api(`/api/admin/participants/${p.id}/medical-clearance`, "POST")).status).toBe(409);
    expect((await api(`/api/admin/participants/${p.id}/certification-checked`, "POST")).status).toBe(409);
    expect((await api("/api/admin/participants/unknown/medical-clearance", "POST")).status).toBe(404);
  });
});

describe("readiness in the bookings list", () => {
  it("shows each going booking's readiness and filters the upcoming ones that are not ready", async () => {
    const tag = `list-${Date.now()}`;
    const make = async (date: string, status: "confirmed" | "cancelled" = "confirmed") => {
      const { booking } = await insertBooking(t.db, {
        adventureId: "camping-only-2day",
        groupSize: 1,
        date,
        paid: true,
        status,
        email: `${tag}-${date}-${status}@example.com`,
      });
      return booking;
    };
    const soonNotReady = await make(addDays(TODAY(), 3));
    const laterReady = await make(addDays(TODAY(), 9));
    // A trip already past and a cancelled one: never in the not-ready list.
    await make(addDays(TODAY(), -3));
    const cancelled = await make(addDays(TODAY(), 4), "cancelled");
    const link = await t.db.transaction((tx) => mintBookingLink(tx, laterReady.id, "email", now()));
    const camper = {
      full_name: "Cam Per",
      date_of_birth: "1980-01-01",
      emergency_contact_name: "Jo",
      emergency_contact_phone: "0400000000",
    };
    const saved = await postForm(
      link,
      1,
      formOf(camper, { waiver_name: "Cam Per", waiver_version: await currentVersion() }),
    );
    expect(saved.status).toBe(303);

    const all = await (await api(`/api/bookings?q=${tag}&page_size=100`)).json();
    const readinessOf = (id: string) =>
      (all.bookings as { id: string; readiness: { status: string } | null }[]).find((b) => b.id === id)
        ?.readiness;
    expect(readinessOf(soonNotReady.id)?.status).toBe("details_missing");
    expect(readinessOf(laterReady.id)?.status).toBe("ready");
    expect(readinessOf(cancelled.id)).toBeNull();

    const notReady = await (await api(`/api/bookings?q=${tag}&readiness=not_ready`)).json();
    expect(notReady.bookings.map((b: { id: string }) => b.id)).toEqual([soonNotReady.id]);
    expect(notReady.total).toBe(1);
    const bad = await api("/api/bookings?readiness=maybe");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("readiness");
  });
});

describe("the waiver", () => {
  it("publishes each save as the next version, and readiness asks for the newest only once published", async () => {
    const first = await api("/api/admin/waiver");
    const before = (await first.json()) as { current: { version: number }; history: { version: number }[] };
    const v = before.current.version;
    expect(before.history[0].version).toBe(v);

    const stale = await api("/api/admin/waiver", "POST", { title: "T", body: "B", based_on: 0 });
    expect(stale.status).toBe(400);
    const bad = await api("/api/admin/waiver", "POST", { title: "", body: "B", based_on: v });
    expect((await bad.json()).errors).toHaveProperty("title");

    const saved = await api("/api/admin/waiver", "POST", {
      title: "Waiver 2",
      body: "Text two",
      based_on: v,
    });
    expect(saved.status).toBe(201);
    expect((await saved.json()).version).toBe(v + 1);
    // Someone else's save in between: told to reload, nothing published over it.
    const race = await api("/api/admin/waiver", "POST", { title: "Waiver 2b", body: "Other", based_on: v });
    expect(race.status).toBe(409);
    const after = (await (await api("/api/admin/waiver")).json()) as typeof before & {
      current: { title: string };
    };
    expect(after.current).toMatchObject({ version: v + 1, title: "Waiver 2" });
    expect(after.history.map((h) => h.version).slice(0, 2)).toEqual([v + 1, v]);
    expect(after.history.at(-1)?.version).toBe(1);
  });

  it("is not required while none is published", async () => {
    const booking = await book("camping-only-2day", 1);
    await api(`/api/admin/bookings/${booking.id}/participants/1`, "PUT", {
      full_name: "Cam Per",
      date_of_birth: "1980-01-01",
      emergency_contact_name: "Jo",
      emergency_contact_phone: "0400000000",
    });
    expect((await readiness(booking.id)).readiness.status).toBe("waiver_missing");
    const saved = await t.db.select().from(waivers);
    await t.db
      .transaction(async (tx) => {
        // As on a site whose operator never published one (acceptances name a version, so they go first).
        await tx.update(participants).set({ waiverVersion: null });
        await tx.delete(waivers);
        expect((await readinessForBookings(tx, [booking.id])).get(booking.id)?.status).toBe("ready");
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
      });
    expect(await t.db.select().from(waivers)).toHaveLength(saved.length);
  });
});

/* ---------- The customer's form ---------- */

/** The waiver version the form shows now (another test may have published a newer one). */
async function currentVersion(): Promise<string> {
  const rows = await t.db.select({ version: waivers.version }).from(waivers);
  return String(Math.max(...rows.map((r) => r.version)));
}

function formOf(values: Record<string, unknown>, extra: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (k === "medical_answers") {
      if (v)
        for (const [id, yes] of Object.entries(v as Record<string, boolean>))
          form.set(`medical_${id}`, yes ? "yes" : "no");
    } else if (v !== undefined && v !== null) form.set(k, String(v));
  }
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

function postForm(linkToken: string, position: number, form: URLSearchParams) {
  return pages.request(
    `/my-booking/${linkToken}/participants/${position}`,
    formPost(Object.fromEntries(form)),
  );
}

/** A refused form's answer: the message and the fields it names. */
async function refusal(res: Response) {
  return (await res.json()) as { detail: string; errors: Record<string, string> };
}

describe("the customer's form from the private link", () => {
  it("saves details and the waiver, storing the version, the time and the client", async () => {
    const booking = await book("guided-shore-dive", 2);
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
    const page = await pages.request(`/my-booking/${link}/participants/1`);
    expect(page.status).toBe(200);
    const { form } = (await page.json()) as {
      form: { waiver: { version: number; body: string }; values: { full_name: string } };
    };
    expect(form.waiver.version).toBe(Number(await currentVersion()));
    expect(form.waiver.body.length).toBeGreaterThan(0);
    expect(form.values.full_name).toBe("");

    const res = await postForm(
      link,
      1,
      formOf(diver("Ana Diaz"), { waiver_name: "ana  diaz", waiver_version: await currentVersion() }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/my-booking/${link}?participant=1#participants`);
    const [row] = await t.db.select().from(participants).where(eq(participants.bookingId, booking.id));
    expect(row).toMatchObject({
      fullName: "Ana Diaz",
      waiverVersion: Number(await currentVersion()),
      waiverSignedName: "ana  diaz",
      waiverGuardianName: null,
      medicalNeedsClearance: false,
    });
    expect(row.waiverAcceptedAt?.toISOString()).toBe(now().toISOString());
    // In-process requests have no socket: the address recorded is the "local" placeholder.
    expect(row.waiverClientAddress).toBe("local");
  });

  it("answers a bad field with the form again and the field's message", async () => {
    const booking = await book("guided-shore-dive", 2);
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
    const res = await postForm(link, 1, formOf(diver("Ana Diaz", { height_cm: "999" })));
    expect(res.status).toBe(400);
    expect((await refusal(res)).errors).toEqual({
      height_cm: "Height must be a whole number from 50 to 250 cm",
    });
    const wrongName = await postForm(
      link,
      1,
      formOf(diver("Ana Diaz"), { waiver_name: "Someone Else", waiver_version: await currentVersion() }),
    );
    expect(wrongName.status).toBe(400);
    expect((await refusal(wrongName)).errors.waiver_name).toContain("type the participant's full name");
    // Nothing of a refused form is kept.
    expect(await t.db.select().from(participants).where(eq(participants.bookingId, booking.id))).toHaveLength(
      0,
    );
    // A position outside the group and a wrong link.
    expect((await pages.request(`/my-booking/${link}/participants/3`)).status).toBe(404);
    expect((await pages.request("/my-booking/not-a-token/participants/1")).status).toBe(404);
    expect((await postForm("not-a-token", 1, formOf(diver("Ana Diaz")))).status).toBe(404);
  });

  it("asks a guardian to accept for a participant under 18 on the trip date", async () => {
    const tripDate = "2031-09-01";
    const booking = await book("dive-exhibition", 1, tripDate);
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
    const teen = {
      full_name: "Tia Moana",
      date_of_birth: "2014-09-02", // 16 on the trip day, 17 the day after
      emergency_contact_name: "Rua Moana",
      emergency_contact_phone: "0400 000 001",
      height_cm: "160",
      weight_kg: "50",
      wetsuit_size: "S",
      fin_size: "S",
      medical_answers: allNo,
    };
    const own = await postForm(
      link,
      1,
      formOf(teen, { waiver_name: "Tia Moana", waiver_version: await currentVersion() }),
    );
    expect(own.status).toBe(400);
    expect((await refusal(own)).errors.waiver_guardian_name).toContain(
      "a parent or guardian accepts the waiver",
    );
    const same = await postForm(
      link,
      1,
      formOf(teen, { waiver_guardian_name: "tia moana", waiver_version: await currentVersion() }),
    );
    expect(same.status).toBe(400);
    expect((await refusal(same)).errors.waiver_guardian_name).toContain("not the participant's");
    const ok = await postForm(
      link,
      1,
      formOf(teen, { waiver_guardian_name: "Rua Moana", waiver_version: await currentVersion() }),
    );
    expect(ok.status).toBe(303);
    const [row] = await t.db.select().from(participants).where(eq(participants.bookingId, booking.id));
    expect(row).toMatchObject({
      waiverGuardianName: "Rua Moana",
      waiverSignedName: "Rua Moana",
      waiverVersion: Number(await currentVersion()),
    });

    // Eighteen on the trip day: signs for themself.
    const adult = await book("dive-exhibition", 1, tripDate);
    const adultLink = await t.db.transaction((tx) => mintBookingLink(tx, adult.id, "email", now()));
    const grown = { ...teen, full_name: "Ari Moana", date_of_birth: "2013-09-01" };
    expect(
      (
        await postForm(
          adultLink,
          1,
          formOf(grown, { waiver_name: "Ari Moana", waiver_version: await currentVersion() }),
        )
      ).status,
    ).toBe(303);
  });

  it("refuses an acceptance of a waiver version that is no longer the newest", async () => {
    const booking = await book("dive-exhibition", 1);
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
    const read = await currentVersion();
    const published = await api("/api/admin/waiver", "POST", {
      title: "Newer",
      body: "Newer text",
      based_on: Number(read),
    });
    expect(published.status).toBe(201);
    const form = formOf(
      diver("Ana Diaz", { cert_agency: "", cert_level: "", cert_number: "", last_dive_date: "" }),
      {
        waiver_name: "Ana Diaz",
        waiver_version: read,
      },
    );
    const res = await postForm(link, 1, form);
    expect(res.status).toBe(409);
    expect((await refusal(res)).errors.waiver_version).toContain("The waiver has changed");
  });
});

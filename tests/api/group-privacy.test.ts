/**
 * Medical privacy inside a group. The booking's page and the lead booker's
 * readiness email are the group's: a person whose answers need a doctor's
 * clearance shows there as "complete" and the booking as "waiting for the
 * operator", with no clearance named. The person, if the group gave their
 * email, gets a request of their own with a link that opens only their own
 * details, where their own state (the clearance) is named. Their link stops
 * when the group gives them another email or the operator revokes the links.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDateAU } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS, MEDICAL_QUESTIONS } from "../../app/lib/medical.ts";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import * as detailsPage from "../../app/routes/public/my-details.tsx";
import { bookings, emailOutbox, participants } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const routeFor: RouteFor = (method, path) => {
  const get = method === "GET" || method === "HEAD";
  const own = /^\/my-details\/([^/]+)$/.exec(path);
  if (own)
    return { fn: (get ? detailsPage.loader : detailsPage.action) as RouteFn, params: { token: own[1] } };
  const person = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
  if (person) {
    const fn = get ? participantPage.loader : participantPage.action;
    return { fn: fn as RouteFn, params: { token: person[1], position: person[2] } };
  }
  const page = /^\/my-booking\/([^/]+)$/.exec(path);
  if (page && get) return { fn: managePage.loader as RouteFn, params: { token: page[1] } };
  return null;
};

let current = new Date("2031-07-01T02:00:00Z");
const now = () => new Date(current);
const sydneyNoon = (date: string) => new Date(`${date}T02:00:00Z`);

let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now });
  pages = appWithRoutes(t.services, routeFor);
});
afterAll(() => t?.close());

const allNo = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));

/** A complete adult for a discover dive, as the form posts it (waiver accepted). */
function person(name: string, email: string, yes: string[] = []) {
  const form: Record<string, string> = {
    full_name: name,
    date_of_birth: "1990-05-04",
    email,
    emergency_contact_name: "Jo Citizen",
    emergency_contact_phone: "0400 111 222",
    height_cm: "175",
    weight_kg: "72",
    wetsuit_size: "M",
    fin_size: "L",
    waiver_version: "1",
    waiver_name: name,
  };
  for (const id of Object.keys(allNo)) form[`medical_${id}`] = yes.includes(id) ? "yes" : "no";
  return form;
}

let n = 0;
/** A paid group of two on a discover dive, its lead's link, and both people filled in from it. */
async function groupWithClearance(trip: string, theoEmail: string) {
  const { booking } = await insertBooking(t.db, {
    adventureId: "dive-exhibition",
    date: trip,
    groupSize: 2,
    paid: true,
    email: `lead-${++n}@example.com`,
    firstName: "Lena",
  });
  await t.db
    .update(bookings)
    .set({ confirmedAt: sydneyNoon("2031-06-01") })
    .where(eq(bookings.id, booking.id));
  const lead = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
  for (const [position, form] of [
    [1, person("Lena Hart", "")],
    [2, person("Theo Park", theoEmail, ["lungs"])],
  ] as const) {
    const saved = await pages.request(`/my-booking/${lead}/participants/${position}`, formPost(form));
    expect(saved.status).toBe(303);
  }
  return { booking, lead };
}

/** Signs of someone's medical state or answers in text. */
const medicalWords = (text: string) =>
  [/clearance/i, /doctor/i, ...MEDICAL_QUESTIONS.map((q) => q.text.slice(0, 30))].filter((w) =>
    typeof w === "string" ? text.includes(w) : w.test(text),
  );

describe("the group's view", () => {
  it("shows the person as complete and the booking as waiting for the operator, naming no clearance", async () => {
    current = sydneyNoon("2031-07-01");
    const { booking, lead } = await groupWithClearance("2031-07-20", "");
    // The operator does see it: that is where it belongs.
    const adminView = await t.app.request(
      `/api/admin/bookings/${booking.id}/participants`,
      authed(await login(t)),
    );
    expect((await adminView.json()).readiness.status).toBe("medical_clearance_needed");

    const page = await pages.request(`/my-booking/${lead}`);
    expect(page.status).toBe(200);
    const { participants: section } = (await page.json()) as {
      participants: {
        summary: { status: string; label: string; people: { status: string; label: string }[] };
      };
    };
    expect(section.summary).toMatchObject({
      status: "waiting_for_operator",
      label: "Waiting for the operator",
    });
    expect(section.summary.people.map((p) => p.label)).toEqual(["Complete", "Complete"]);
    expect(medicalWords(JSON.stringify(section))).toEqual([]);

    const form = await pages.request(`/my-booking/${lead}/participants/2`);
    const { form: shown } = (await form.json()) as { form: { summary: { label: string; todo: string[] } } };
    expect(shown.summary).toEqual({ label: "Complete", todo: [] });
  });

  it("keeps the lead's readiness email to what the group gives, and sends the person their own", async () => {
    const trip = "2031-08-20";
    current = sydneyNoon("2031-08-01");
    const { booking, lead } = await groupWithClearance(trip, "Theo@Example.com");
    // The lead's own waiver is still to give, so the lead is asked too.
    await t.db
      .update(participants)
      .set({ waiverVersion: null })
      .where(and(eq(participants.bookingId, booking.id), eq(participants.position, 1)));

    current = sydneyNoon(addDays(trip, -5));
    await Promise.all([t.services.tripEmails.run(), t.services.tripEmails.run()]);
    await t.services.tripEmails.run();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `readiness:${booking.id}:%`))
      .orderBy(emailOutbox.dedupeKey);
    expect(mails.map((m) => m.toAddress)).toEqual([booking.customerEmail, "Theo@Example.com"]);
    const [toLead, toTheo] = mails;
    expect(toLead.textBody).toContain("- Lena Hart: Accept the waiver");
    expect(toLead.textBody).not.toContain("Theo Park");
    expect(medicalWords(toLead.textBody)).toEqual([]);
    expect(toTheo.subject).toBe(`Your details for Discover Scuba Diving on ${formatDateAU(trip, "full")}`);
    const theoLines = toTheo.textBody.split("\n");
    const leadName = `${booking.customerFirstName} ${booking.customerLastName}`;
    expect(theoLines.slice(0, 9)).toEqual([
      "Hi Theo,",
      "",
      `${leadName} has booked Discover Scuba Diving on ${formatDateAU(trip, "full")} for a group that includes you. Before we can take you out, we still need from you:`,
      "",
      "- One more thing, which only you can see: please open your page",
      "",
      "Please fill it in on your own private page (it shows your details only, not the rest of the booking):",
      expect.stringMatching(/\/my-details\/[A-Za-z0-9_-]{43}$/),
      "",
    ]);
    expect(theoLines.slice(9, 12)).toEqual([
      "Keep this email to yourself: anyone with the link can see and change your details. Any earlier link we sent you no longer works.",
      `Booking reference: ${booking.reference}`,
      "",
    ]);
    // Not even to the person: an email is no place for health information.
    expect(medicalWords(`${toTheo.subject}\n${toTheo.textBody}\n${toTheo.htmlBody}`)).toEqual([]);
    expect(toTheo.textBody).not.toContain(lead);

    // Their link opens their own details, and there their own state is named.
    const own = /\/my-details\/([A-Za-z0-9_-]{43})/.exec(toTheo.textBody)?.[1] ?? "";
    const page = await pages.request(`/my-details/${own}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const { form } = (await page.json()) as {
      form: {
        position: number;
        viewer: string;
        values: { full_name: string };
        summary: { label: string; todo: string[] };
      };
    };
    expect(form).toMatchObject({ position: 2, viewer: "self", values: { full_name: "Theo Park" } });
    expect(form.summary).toEqual({
      label: "Medical clearance needed",
      todo: ["Send us a doctor's clearance for diving"],
    });
    // Nothing else of the booking: not its page, not another person.
    expect((await pages.request(`/my-booking/${own}`)).status).toBe(404);
    expect((await pages.request(`/my-booking/${own}/participants/1`)).status).toBe(404);
    // The link never leaves a trace in the log.
    expect(t.logs.join("\n")).not.toContain(own);
  });

  it("saves only the person's own row from their link, keeping the email the link went to", async () => {
    const trip = "2031-09-20";
    current = sydneyNoon("2031-09-01");
    const { booking } = await groupWithClearance(trip, "theo-own@example.com");
    const row = async (position: number) =>
      (
        await t.db
          .select()
          .from(participants)
          .where(and(eq(participants.bookingId, booking.id), eq(participants.position, position)))
      )[0];
    const theo = await row(2);
    const own = await t.db.transaction((tx) =>
      mintBookingLink(tx, booking.id, "participant", now(), theo.id),
    );
    const lenaBefore = await row(1);

    const saved = await pages.request(
      `/my-details/${own}`,
      formPost({ ...person("Theo Park-Lee", "someone-else@example.com"), position: "1" }),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/my-details/${own}?saved=1`);
    expect(await row(2)).toMatchObject({ fullName: "Theo Park-Lee", email: "theo-own@example.com" });
    expect(await row(1)).toEqual(lenaBefore);
    // Answered again with no "yes": no clearance needed now.
    expect((await row(2)).medicalNeedsClearance).toBe(false);
    expect((await pages.request(`/my-details/${own}`)).status).toBe(200);
  });

  it("switches the person's link off when the group gives them another email, and on the operator's revocation", async () => {
    current = sydneyNoon("2031-10-01");
    const { booking, lead } = await groupWithClearance("2031-10-20", "first@example.com");
    const [theo] = await t.db
      .select()
      .from(participants)
      .where(and(eq(participants.bookingId, booking.id), eq(participants.position, 2)));
    const mint = () =>
      t.db.transaction((tx) => mintBookingLink(tx, booking.id, "participant", now(), theo.id));

    const first = await mint();
    expect((await pages.request(`/my-details/${first}`)).status).toBe(200);
    const changed = await pages.request(
      `/my-booking/${lead}/participants/2`,
      formPost(person("Theo Park", "second@example.com", ["lungs"])),
    );
    expect(changed.status).toBe(303);
    expect((await pages.request(`/my-details/${first}`)).status).toBe(404);

    const second = await mint();
    expect((await pages.request(`/my-details/${second}`)).status).toBe(200);
    const revoke = await t.app.request(
      `/api/admin/bookings/${booking.id}/revoke-links`,
      authed(await login(t), "POST"),
    );
    expect(revoke.status).toBe(200);
    expect((await pages.request(`/my-details/${second}`)).status).toBe(404);
  });
});

/**
 * Medical answers are health information: they never reach a log line or an
 * email, and they are erased MEDICAL_RETENTION_DAYS after the trip's last
 * day (here 30, to show the setting is read), not a day before.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS, MEDICAL_QUESTIONS } from "../../app/lib/medical.ts";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import { bookings, emailOutbox, participants } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { eraseExpiredMedicalData } from "../../server/domain/dive-ops/medical-retention.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let current = new Date("2031-03-01T02:00:00Z");
const now = () => new Date(current);
/** Noon (or 1 pm in daylight saving) in Sydney on a date. */
const sydneyNoon = (date: string) => new Date(`${date}T02:00:00Z`);

let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, MEDICAL_RETENTION_DAYS: "30" }, { now });
  pages = appWithRoutes(t.services, (method, path) => {
    const m = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
    if (!m) return null;
    const fn = method === "GET" ? participantPage.loader : participantPage.action;
    return { fn: fn as RouteFn, params: { token: m[1], position: m[2] } };
  });
});
afterAll(() => t.close());

const admin = async (path: string, method = "GET", body?: unknown) =>
  t.app.request(path, authed(await login(t), method, body));

/** Every "yes" but one, so the answers are distinctive wherever they might leak. */
const answers = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id, i) => [id, i !== 0]));

function details(name: string) {
  return {
    full_name: name,
    date_of_birth: "1988-02-03",
    emergency_contact_name: "Em Contact",
    emergency_contact_phone: "0400 123 456",
    height_cm: "170",
    weight_kg: "70",
    wetsuit_size: "M",
    fin_size: "M",
  };
}

function medicalForm(given: Record<string, boolean>) {
  return Object.fromEntries(Object.entries(given).map(([id, yes]) => [`medical_${id}`, yes ? "yes" : "no"]));
}

/** Signs of a medical answer in text: a question's id or wording, or the form's field names. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const q of MEDICAL_QUESTIONS) {
    if (text.includes(`"${q.id}"`) || text.includes(`medical_${q.id}`)) found.push(q.id);
    if (text.includes(q.text.slice(0, 40))) found.push(`text of ${q.id}`);
  }
  if (text.includes('medical_answers":{') || text.includes("medicalAnswers")) found.push("answers object");
  return found;
}

async function diveBooking(date: string, groupSize = 1) {
  const { booking } = await insertBooking(t.db, {
    adventureId: "dive-exhibition",
    date,
    groupSize,
    paid: true,
    email: `medical-${date}-${groupSize}@example.com`,
  });
  await t.db
    .update(bookings)
    .set({ confirmedAt: sydneyNoon("2031-01-10") })
    .where(eq(bookings.id, booking.id));
  return booking;
}

describe("medical answers in logs and emails", () => {
  it("keeps the answers out of the log on a save, on refused saves and in the operator's calls", async () => {
    current = sydneyNoon("2031-03-01");
    const booking = await diveBooking("2031-03-20", 2);
    const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", now()));
    const before = t.logs.length;

    const saved = await pages.request(
      `/my-booking/${link}/participants/1`,
      formPost({ ...details("Leak Free"), ...medicalForm(answers) }),
    );
    expect(saved.status).toBe(303);
    // Refused: one question unanswered, a bad height, a waiver typed with the wrong name.
    const partial = { ...medicalForm(answers) };
    delete partial[`medical_${MEDICAL_QUESTION_IDS[3]}`];
    const refused = [
      await pages.request(
        `/my-booking/${link}/participants/2`,
        formPost({ ...details("Other One"), ...partial }),
      ),
      await pages.request(
        `/my-booking/${link}/participants/2`,
        formPost({ ...details("Other One"), height_cm: "900", ...medicalForm(answers) }),
      ),
      await pages.request(
        `/my-booking/${link}/participants/2`,
        formPost({
          ...details("Other One"),
          ...medicalForm(answers),
          waiver_version: "1",
          waiver_name: "Wrong",
        }),
      ),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    const put = await admin(`/api/admin/bookings/${booking.id}/participants/2`, "PUT", {
      ...details("Other One"),
      medical_answers: { ...answers, unknown_question: true },
    });
    expect(put.status).toBe(400);
    const ok = await admin(`/api/admin/bookings/${booking.id}/participants/2`, "PUT", {
      ...details("Other One"),
      medical_answers: answers,
    });
    expect(ok.status).toBe(200);
    // The operator's screen does get them: that is where they belong.
    const list = await (await admin(`/api/admin/bookings/${booking.id}/participants`)).json();
    expect(list.participants[0].medical_answers).toEqual(answers);

    const written = t.logs.slice(before);
    // The log did record these requests (so the check below looks at real lines).
    expect(written.some((l) => l.includes("/participants/2"))).toBe(true);
    expect(leaks(written.join("\n"))).toEqual([]);
  });

  it("never puts an answer in an email: readiness requests, reminders and thank-yous", async () => {
    const date = "2031-04-10";
    const booking = await diveBooking(date, 2);
    await admin(`/api/admin/bookings/${booking.id}/participants/1`, "PUT", {
      ...details("Mail Safe"),
      medical_answers: answers,
    });
    for (const day of [addDays(date, -5), addDays(date, -2), addDays(date, 1)]) {
      current = sydneyNoon(day);
      await t.services.tripEmails.run();
    }
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, booking.customerEmail));
    // Both readiness stages, the reminder and the thank-you were written.
    expect(mails.map((m) => m.kind).sort()).toEqual([
      "readiness_request",
      "readiness_request",
      "trip_reminder",
      "trip_thank_you",
    ]);
    const request = mails.find((m) => m.kind === "readiness_request");
    // The lead's email is the group's view: what the group still gives, never whose clearance is awaited.
    expect(request?.textBody).toContain("- Mail Safe: Accept the waiver\n");
    expect(request?.textBody).not.toMatch(/clearance/i);
    for (const m of mails) expect(leaks(`${m.subject}\n${m.textBody}\n${m.htmlBody}`), m.kind).toEqual([]);
  });
});

describe("erasing medical answers after the trip", () => {
  async function withAnswers(date: string, adventureId = "dive-exhibition") {
    const { booking } = await insertBooking(t.db, { adventureId, date, groupSize: 1, paid: true });
    const res = await admin(`/api/admin/bookings/${booking.id}/participants/1`, "PUT", {
      ...details("Kept Short"),
      medical_answers: answers,
    });
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const cleared = await admin(`/api/admin/participants/${id}/medical-clearance`, "POST");
    expect(cleared.status).toBe(200);
    return id as string;
  }
  const row = async (id: string) =>
    (await t.db.select().from(participants).where(eq(participants.id, id)))[0];

  it("erases the answers, the clearance flag and date 30 days after the trip's last day, not before", async () => {
    current = sydneyNoon("2031-05-01");
    const dayTrip = await withAnswers("2031-05-10");
    // Two days, one night: its last day is 30 May.
    const overnight = await withAnswers("2031-05-29", "camping-diving-2day");

    current = new Date("2031-06-09T13:59:00Z"); // 23:59 on 9 June in Sydney: 30 days after 10 May
    // (Earlier trips of other tests in this file are erased by this run.)
    await t.services.tripEmails.run();
    expect((await row(dayTrip)).medicalAnswers).toEqual(answers);

    current = new Date("2031-06-09T14:00:00Z"); // midnight: 10 June
    expect((await t.services.tripEmails.run()).medicalErased).toBe(1);
    const erased = await row(dayTrip);
    expect(erased).toMatchObject({
      medicalAnswers: null,
      medicalNeedsClearance: false,
      medicalClearanceAt: null,
    });
    expect(erased.medicalErasedAt?.toISOString()).toBe(current.toISOString());
    // The rest of the record stays: who went, and that the questionnaire was answered.
    expect(erased.fullName).toBe("Kept Short");
    expect(erased.medicalAnsweredAt).not.toBeNull();
    expect((await row(overnight)).medicalAnswers).toEqual(answers);

    // Again, and from two processes at once: nothing more to erase, the date stays.
    const again = await Promise.all([
      eraseExpiredMedicalData(t.db, now(), 30, t.services.env.DATA_DIR),
      eraseExpiredMedicalData(t.db, now(), 30, t.services.env.DATA_DIR),
    ]);
    expect(again).toEqual([0, 0]);

    current = sydneyNoon("2031-06-29");
    expect((await row(overnight)).medicalAnswers).toEqual(answers);
    await t.services.tripEmails.run();
    expect((await row(overnight)).medicalAnswers).toEqual(answers);
    current = sydneyNoon("2031-06-30");
    await t.services.tripEmails.run();
    expect((await row(overnight)).medicalAnswers).toBeNull();
    const rows = await t.db
      .select()
      .from(participants)
      .where(inArray(participants.id, [dayTrip, overnight]));
    expect(rows.map((r) => r.medicalErasedAt === null)).toEqual([false, false]);
  });
});

/**
 * The audit log of the console's booking, money, voucher and dive-operations
 * writes: each area's write leaves an entry naming who made it, the entity and
 * its id, the booking it concerns and the key fields before and after; medical
 * answers are recorded as changed only; a write the rules refuse leaves
 * nothing, and the same operation made by a customer from their link leaves
 * nothing either.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import {
  adminSessions,
  auditLog,
  availability,
  bookings,
  emailOutbox,
  participants,
  payments,
  refunds,
  waitlistEntries,
  weatherOffers,
} from "../../server/db/schema.ts";
import { hashToken } from "../../server/domain/access/auth.server.ts";
import { OWNER_LABEL } from "../../server/domain/audit/audit.server.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import { memberToken } from "../helpers/staff.ts";
import { bookingPayload, createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
/** The customer's own pages (their booking and a participant's form), answering as JSON. */
let pages: ReturnType<typeof appWithRoutes>;
const today = sydneyDate();

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
  pages = appWithRoutes(ctx.services, (method, path) => {
    const person = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
    if (person) {
      const fn = method === "GET" ? participantPage.loader : participantPage.action;
      return { fn: fn as RouteFn, params: { token: person[1], position: person[2] } };
    }
    const page = /^\/my-booking\/([^/]+)$/.exec(path);
    if (!page) return null;
    return {
      fn: (method === "GET" ? managePage.loader : managePage.action) as RouteFn,
      params: { token: page[1] },
    };
  });
});
afterAll(() => ctx.close());

const call = (token: string, method: string, path: string, body?: unknown) =>
  ctx.app.request(path, authed(token, method, body));

async function ok(res: Response, status = 200) {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return body ? JSON.parse(body) : null;
}

const entriesOf = (entity: string, entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.occurredAt);
const entriesForBooking = (bookingId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId)).orderBy(auditLog.occurredAt);

/** The one entry of `entity` `entityId`, made by the owner unless `staffId` is given. */
async function theEntry(entity: string, entityId: string, staffId: string | null = null) {
  const rows = await entriesOf(entity, entityId);
  expect(rows, `${entity} ${entityId}`).toHaveLength(1);
  expect(rows[0].staffId).toBe(staffId);
  if (staffId === null) expect(rows[0].actorLabel).toBe(OWNER_LABEL);
  expect(rows[0].address).not.toBe("");
  return rows[0];
}

const paidBooking = async (seed: Parameters<typeof insertBooking>[1] = {}) =>
  (await insertBooking(ctx.db, { paid: true, date: addDays(today, 30), ...seed })).booking;

describe("the bookings list's actions", () => {
  it("a cancellation records the status and the refund", async () => {
    const booking = await paidBooking({ holdSpots: true });
    await ok(await call(owner, "PUT", `/api/admin/bookings/${booking.id}/status`, { status: "cancelled" }));
    const entry = await theEntry("booking", booking.id);
    expect(entry).toMatchObject({ action: "cancel", bookingId: booking.id });
    expect(entry.changes).toMatchObject({
      booking_status: { before: "confirmed", after: "cancelled" },
      cancel_reason: { before: null, after: "operator" },
      refund_amount_cents: { before: 0, after: 30_000 },
    });
  });

  it("a refund sent again records its move back to pending", async () => {
    const booking = await paidBooking();
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const [refund] = await ctx.db
      .insert(refunds)
      .values({
        paymentId: payment.id,
        bookingId: booking.id,
        amountCents: 5_000,
        currency: "aud",
        reason: "operator",
        status: "failed",
        idempotencyKey: `refund:${payment.id}:${randomUUID()}`,
        failureReason: "provider unreachable",
        attempts: 8,
      })
      .returning();
    await ok(await call(owner, "POST", `/api/admin/bookings/${booking.id}/refund/retry`));
    const entry = await theEntry("refund", refund.id);
    expect(entry).toMatchObject({ action: "retry", bookingId: booking.id });
    expect(entry.changes).toMatchObject({
      status: { before: "failed", after: "pending" },
      attempts: { before: 8, after: 0 },
    });
  });

  it("revoking the links records how many were live", async () => {
    const booking = await paidBooking();
    await ctx.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", new Date()));
    await ok(await call(owner, "POST", `/api/admin/bookings/${booking.id}/revoke-links`));
    const entry = await theEntry("booking", booking.id);
    expect(entry.action).toBe("revoke_links");
    expect(entry.changes).toMatchObject({ live_links: { before: 1, after: 0 } });
  });
});

describe("the booking's page", () => {
  it("a contact edit records the fields before and after", async () => {
    const booking = await paidBooking({ email: "before@example.com" });
    await ok(
      await call(owner, "PUT", `/api/admin/bookings/${booking.id}/contact`, {
        customer_first_name: "Mia",
        customer_last_name: "Nguyen",
        customer_email: "after@example.com",
        customer_phone: booking.customerPhone,
        special_requirements: "",
      }),
    );
    const entry = await theEntry("booking", booking.id);
    expect(entry.action).toBe("update");
    expect(entry.changes).toEqual({
      customer_email: { before: "before@example.com", after: "after@example.com" },
    });
  });

  it("a note and a fresh link are recorded; the link itself never is", async () => {
    const booking = await paidBooking();
    const note = await ok(
      await call(owner, "POST", `/api/admin/bookings/${booking.id}/notes`, { body: "Called back" }),
      201,
    );
    expect((await theEntry("booking_note", note.note.id)).changes).toEqual({
      body: { before: null, after: "Called back" },
    });
    const link = await ok(await call(owner, "POST", `/api/admin/bookings/${booking.id}/link`));
    const entry = await theEntry("booking_link", booking.id);
    expect(entry.changes).toMatchObject({ channel: { before: null, after: "operator" } });
    const token = String(link.url).split("/").pop() as string;
    expect(JSON.stringify(entry.changes)).not.toContain(token);
  });

  it("a Manager's refund of a chosen amount records the amount and the reason", async () => {
    const manager = await memberToken(ctx.db, "manager");
    const booking = await paidBooking();
    await ok(
      await call(manager.token, "POST", `/api/admin/bookings/${booking.id}/refunds`, {
        amount: "40.50",
        reason: "Lunch not served",
        request_key: randomUUID(),
      }),
      201,
    );
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    const entry = await theEntry("refund", refund.id, manager.id);
    expect(entry).toMatchObject({ action: "refund", bookingId: booking.id, actorLabel: "Test manager" });
    expect(entry.changes).toMatchObject({
      amount_cents: { before: null, after: 4_050 },
      note: { before: null, after: "Lunch not served" },
      reason: { before: null, after: "operator" },
      booking_refund_amount_cents: { before: 0, after: 4_050 },
    });
  });

  it("a refund beyond what is left is refused and leaves no entry", async () => {
    const booking = await paidBooking();
    const res = await call(owner, "POST", `/api/admin/bookings/${booking.id}/refunds`, {
      amount: "900",
      reason: "Too much",
      request_key: randomUUID(),
    });
    expect(res.status).toBe(409);
    expect(await entriesForBooking(booking.id)).toEqual([]);
  });
});

describe("bookings made in the console", () => {
  /** A departure of this test's own, with room. */
  async function openDate(offset: number) {
    const date = addDays(today, offset);
    await ctx.db
      .insert(availability)
      .values({ adventureId: "dive-exhibition", date, availableSpots: 8 })
      .onConflictDoNothing();
    return date;
  }
  async function book(date: string, payment: string) {
    const payload = bookingPayload({ selected_date: date, group_size: 2, payment });
    delete payload.host_url;
    return (await ok(await call(owner, "POST", "/api/admin/bookings", payload), 201)) as {
      booking_id: string;
      total_cents: number;
    };
  }

  it("a booking paid in cash records the booking and the payment", async () => {
    const date = await openDate(41);
    const made = await book(date, "cash");
    const entry = await theEntry("booking", made.booking_id);
    expect(entry.action).toBe("create");
    expect(entry.changes).toMatchObject({
      booking_status: { before: null, after: "confirmed" },
      selected_date: { before: null, after: date },
      group_size: { before: null, after: 2 },
      total_amount_cents: { before: null, after: made.total_cents },
      payment: { before: null, after: "cash" },
    });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, made.booking_id));
    expect((await theEntry("payment", payment.id)).changes).toMatchObject({
      amount_cents: { before: null, after: made.total_cents },
      method: { before: null, after: "cash" },
    });

    // Its invoice, sent to the buyer again.
    const { invoices } = await ok(
      await call(owner, "GET", `/api/admin/bookings/${made.booking_id}/invoices`),
    );
    await ok(await call(owner, "POST", `/api/admin/invoices/${invoices[0].id}/send`));
    const sent = await theEntry("invoice", invoices[0].id);
    expect(sent).toMatchObject({ action: "send", bookingId: made.booking_id });
    expect(sent.changes).toMatchObject({ number: { before: null, after: invoices[0].number } });
  });

  it("money taken on the day records the payment", async () => {
    const made = await book(await openDate(42), "on_the_day");
    await ok(
      await call(owner, "POST", `/api/admin/bookings/${made.booking_id}/payments`, {
        method: "bank_transfer",
        request_key: randomUUID(),
      }),
      201,
    );
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, made.booking_id));
    const entry = await theEntry("payment", payment.id);
    expect(entry).toMatchObject({ action: "create", bookingId: made.booking_id });
    expect(entry.changes).toMatchObject({
      amount_cents: { before: null, after: made.total_cents },
      method: { before: null, after: "bank_transfer" },
    });
  });

  it("a booking moved to another date records the dates before and after", async () => {
    const from = await openDate(43);
    const to = await openDate(44);
    const made = await book(from, "cash");
    await ok(
      await call(owner, "POST", `/api/admin/bookings/${made.booking_id}/change`, {
        date: to,
        group_size: 2,
        settlement: "none",
        expected_difference_cents: 0,
        request_key: randomUUID(),
      }),
      201,
    );
    const moved = (await entriesOf("booking", made.booking_id)).filter((e) => e.action === "change");
    expect(moved).toHaveLength(1);
    expect(moved[0].changes).toMatchObject({ selected_date: { before: from, after: to } });
    expect(moved[0].changes).not.toHaveProperty("group_size");
  });

  it("the payment link sent again is recorded", async () => {
    const made = await book(await openDate(45), "link");
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, made.booking_id));
    await ok(
      await call(owner, "POST", `/api/admin/bookings/${made.booking_id}/payments/${payment.id}/send-link`),
    );
    const entry = await theEntry("payment", payment.id);
    expect(entry).toMatchObject({ action: "send_link", bookingId: made.booking_id });
  });
});

const allNo = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));
const oneYes = { ...allNo, [MEDICAL_QUESTION_IDS[0]]: true };
function diver(name: string, medical: Record<string, boolean>) {
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
    last_dive_date: addDays(today, -30),
    medical_answers: medical,
  };
}

describe("participants and the trip day", () => {
  it("medical answers saved by the operator are recorded as changed only", async () => {
    const booking = await paidBooking({ adventureId: "guided-shore-dive" });
    const saved = await ok(
      await call(
        owner,
        "PUT",
        `/api/admin/bookings/${booking.id}/participants/1`,
        diver("Ana Diver", oneYes),
      ),
    );
    const entry = await theEntry("participant", saved.id);
    expect(entry).toMatchObject({ action: "create", bookingId: booking.id });
    expect(entry.changes).toMatchObject({
      full_name: { before: null, after: "Ana Diver" },
      medical_answers: { changed: true },
      medical_needs_clearance: { changed: true },
    });
    expect(JSON.stringify(entry.changes)).not.toContain(MEDICAL_QUESTION_IDS[0]);

    await ok(
      await call(owner, "POST", `/api/admin/participants/${saved.id}/medical-clearance`, {
        recorded_by: "Sam",
        doctor: "Dr Lee",
        cleared_on: today,
        note: "Asthma controlled",
      }),
    );
    await ok(
      await call(owner, "POST", `/api/admin/participants/${saved.id}/medical-clearance/undo`, {
        recorded_by: "Sam",
        note: "Wrong letter",
      }),
    );
    const [, cleared, undone] = await entriesOf("participant", saved.id);
    expect(cleared.action).toBe("medical_clearance");
    expect(cleared.changes).toMatchObject({
      doctor: { before: null, after: "Dr Lee" },
      clearance_note: { changed: true },
    });
    expect(JSON.stringify(cleared.changes)).not.toContain("Asthma");
    expect(undone.action).toBe("medical_clearance_undo");
    expect(undone.changes).toMatchObject({ medical_clearance_at: { after: null } });
  });

  it("a certification checked and a waiver published are recorded", async () => {
    const booking = await paidBooking({ adventureId: "guided-shore-dive" });
    const saved = await ok(
      await call(owner, "PUT", `/api/admin/bookings/${booking.id}/participants/1`, diver("Bo Diver", allNo)),
    );
    await ok(await call(owner, "POST", `/api/admin/participants/${saved.id}/certification-checked`));
    const checked = (await entriesOf("participant", saved.id)).find(
      (e) => e.action === "certification_checked",
    );
    expect(checked?.changes).toMatchObject({ cert_checked_at: { before: null } });

    const current = await ok(await call(owner, "GET", "/api/admin/waiver"));
    const published = await ok(
      await call(owner, "POST", "/api/admin/waiver", {
        title: "Release of liability",
        body: "I understand the risks of diving.",
        based_on: current.current?.version ?? null,
      }),
      201,
    );
    expect((await theEntry("waiver", String(published.version))).changes).toMatchObject({
      title: { before: null, after: "Release of liability" },
    });
  });

  it("a Crew member's check-in records the before and after, once", async () => {
    const crew = await memberToken(ctx.db, "crew");
    const booking = await paidBooking({ date: today, holdSpots: true });
    // A Crew member checks in on the departures they work.
    await ok(
      await call(owner, "PUT", `/api/admin/departures/${booking.availabilityId}/crew`, {
        member: crew.id,
        role: "divemaster",
      }),
    );
    const [person] = await ctx.db
      .insert(participants)
      .values({ bookingId: booking.id, position: 1, fullName: "Ana Diver" })
      .returning();
    const path = `/api/admin/participants/${person.id}/check-in`;
    await ok(await call(crew.token, "POST", path, { checked_in: true }));
    await ok(await call(crew.token, "POST", path, { checked_in: true }));
    const entry = await theEntry("check_in", person.id, crew.id);
    expect(entry).toMatchObject({ action: "check_in", bookingId: booking.id, actorLabel: "Test crew" });
    expect(entry.changes).toMatchObject({
      checked_in: { before: false, after: true },
      checked_in_at: { before: null },
    });
  });

  it("completing a date records each booking it completed", async () => {
    const date = addDays(today, -1);
    const booking = await paidBooking({ date });
    await ok(await call(owner, "POST", "/api/admin/manifest/complete", { date }));
    const entry = await theEntry("booking", booking.id);
    expect(entry.changes).toEqual({ booking_status: { before: "confirmed", after: "completed" } });
  });
});

describe("vouchers", () => {
  it("issuing, a new code and voiding are recorded; a second void is refused with no entry", async () => {
    const issued = await ok(
      await call(owner, "POST", "/api/admin/vouchers", {
        amount: 80,
        email: "gift@example.com",
        name: "Kim",
      }),
      201,
    );
    const id = issued.voucher.id as string;
    await ok(await call(owner, "POST", `/api/admin/vouchers/${id}/new-code`));
    await ok(await call(owner, "POST", `/api/admin/vouchers/${id}/void`, { note: "Sent in error" }));
    const refused = await call(owner, "POST", `/api/admin/vouchers/${id}/void`, { note: "Again" });
    expect(refused.status).toBe(409);

    const [create, newCode, voided, ...rest] = await entriesOf("voucher", id);
    expect(rest).toEqual([]);
    expect(create.changes).toMatchObject({
      initial_cents: { before: null, after: 8_000 },
      recipient_email: { before: null, after: "gift@example.com" },
    });
    expect(newCode.action).toBe("new_code");
    expect(voided).toMatchObject({ action: "void", entity: "voucher", entityId: id });
    expect(voided.changes).toMatchObject({
      status: { before: "active", after: "void" },
      balance_cents: { before: 8_000, after: 0 },
      note: { before: null, after: "Sent in error" },
    });
  });
});

describe("the waitlist, weather and emails", () => {
  it("taking someone off the waitlist is recorded", async () => {
    const [entry] = await ctx.db
      .insert(waitlistEntries)
      .values({
        adventureId: "dive-exhibition",
        date: addDays(today, 50),
        email: "w@example.com",
        groupSize: 2,
      })
      .returning();
    await ok(await call(owner, "DELETE", `/api/admin/waitlist/${entry.id}`));
    expect((await theEntry("waitlist_entry", entry.id)).changes).toEqual({
      status: { before: "waiting", after: "removed" },
    });
  });

  it("a call-off and the operator's answer for a customer are recorded", async () => {
    const date = addDays(today, 12);
    const booking = await paidBooking({ date, holdSpots: true });
    const called = await ok(
      await call(owner, "POST", "/api/admin/weather", {
        date,
        adventure_id: "dive-exhibition",
        message: "Big swell",
        default_choice: "credit",
        respond_days: 2,
      }),
      201,
    );
    const created = await theEntry("weather_calloff", called.id);
    expect(created.action).toBe("create");
    expect(created.changes).toMatchObject({
      date: { before: null, after: date },
      offers: { before: null, after: 1 },
    });
    // Called off again: a booking made since gets its offer, recorded as an update; a repeat that
    // reaches nobody new records nothing.
    await paidBooking({ date, holdSpots: true, email: "late-weather@example.com" });
    const callAgain = () =>
      call(owner, "POST", "/api/admin/weather", {
        date,
        adventure_id: "dive-exhibition",
        message: "Big swell",
        default_choice: "credit",
        respond_days: 2,
      });
    await ok(await callAgain(), 201);
    await ok(await callAgain(), 200);
    const calls = await entriesOf("weather_calloff", called.id);
    expect(calls.map((e) => e.action).sort()).toEqual(["create", "update"]);
    expect(calls.find((e) => e.action === "update")?.changes).toMatchObject({
      offers: { before: 0, after: 1 },
    });
    const [offer] = await ctx.db.select().from(weatherOffers).where(eq(weatherOffers.bookingId, booking.id));
    await ok(await call(owner, "POST", `/api/admin/weather/offers/${offer.id}/choice`, { choice: "refund" }));
    const chosen = await theEntry("weather_offer", offer.id);
    expect(chosen.action).toBe("choice");
    expect(chosen.changes).toMatchObject({
      choice: { before: null, after: "refund" },
      decided_by: { before: null, after: "operator" },
    });
    expect((await theEntry("booking", booking.id)).changes).toMatchObject({
      booking_status: { before: "confirmed", after: "cancelled" },
      cancel_reason: { before: null, after: "weather" },
    });
  });

  it("a trip email's text, the tax details and an invoice sent again are recorded", async () => {
    await ok(
      await call(owner, "PUT", "/api/admin/email-templates", {
        kind: "thank_you",
        subject: "Thanks for diving",
        body: "See you again, {first_name}.",
        enabled: true,
      }),
    );
    expect((await theEntry("email_template", "thank_you")).changes).toMatchObject({
      subject: { before: null, after: "Thanks for diving" },
    });
    await ok(
      await call(owner, "PUT", "/api/admin/invoice-settings", {
        legal_name: "Tidewater Pty Ltd",
        abn: "",
        gst_registered: false,
      }),
    );
    expect((await theEntry("tax_settings", "tax_identity")).changes).toMatchObject({
      legal_name: { after: "Tidewater Pty Ltd" },
    });
  });

  it("an email retried, sent again, and a confirmation resent are recorded", async () => {
    const booking = await paidBooking();
    const failedEmail = async () =>
      (
        await ctx.db
          .insert(emailOutbox)
          .values({
            kind: "booking_confirmed",
            toAddress: "mia@example.com",
            subject: "Your booking",
            textBody: "Hello",
            status: "failed",
            attempts: 10,
            bookingId: booking.id,
          })
          .returning()
      )[0];
    const failed = await failedEmail();
    const sent = await failedEmail();
    await ok(await call(owner, "POST", `/api/admin/email-log/${failed.id}/retry`));
    expect((await theEntry("email", failed.id)).changes).toMatchObject({
      status: { before: "failed", after: "pending" },
      attempts: { before: 10, after: 0 },
    });
    const copy = await ok(await call(owner, "POST", `/api/admin/email-log/${sent.id}/send-again`), 201);
    expect((await theEntry("email", copy.email.id)).changes).toMatchObject({
      copy_of: { before: null, after: sent.id },
    });
    const resent = await ok(
      await call(owner, "POST", `/api/admin/bookings/${booking.id}/resend-confirmation`),
      201,
    );
    const entry = await theEntry("email", resent.email.id);
    expect(entry).toMatchObject({ action: "resend_confirmation", bookingId: booking.id });
  });
});

describe("the customer's own changes", () => {
  it("a cancellation from the booking's link leaves no entry", async () => {
    const booking = await paidBooking({ holdSpots: true, email: "self-cancel@example.com" });
    const token = await ctx.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", new Date()));
    const res = await pages.request(`/my-booking/${token}`, formPost({ intent: "confirm" }));
    expect(res.status).toBe(303);
    const [after] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after.bookingStatus).toBe("cancelled");
    expect(await entriesForBooking(booking.id)).toEqual([]);
  });

  it("a participant's details saved from the link leave no entry", async () => {
    const booking = await paidBooking({ adventureId: "guided-shore-dive" });
    const token = await ctx.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", new Date()));
    const form: Record<string, string> = {};
    for (const [k, v] of Object.entries(diver("Ana Diver", allNo))) {
      if (k !== "medical_answers") form[k] = String(v);
    }
    for (const id of MEDICAL_QUESTION_IDS) form[`medical_${id}`] = "no";
    const res = await pages.request(`/my-booking/${token}/participants/1`, formPost(form));
    expect(res.status, await res.clone().text()).toBeLessThan(400);
    const saved = await ctx.db.select().from(participants).where(eq(participants.bookingId, booking.id));
    expect(saved).toHaveLength(1);
    expect(await entriesForBooking(booking.id)).toEqual([]);
  });
});

describe("signing in and out", () => {
  // A site of its own: with no staff invited, the owner signs in with the password alone.
  let site: TestContext;
  beforeAll(async () => {
    site = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  });
  afterAll(() => site.close());
  const sessionEntries = (id: string) =>
    site.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "session"), eq(auditLog.entityId, id)))
      .orderBy(auditLog.occurredAt);
  const logout = (token: string) => site.app.request("/api/admin/logout", authed(token, "POST"));

  it("a sign-in and its logout are each recorded once, under the one who signed in", async () => {
    const token = await login(site);
    const [session] = await site.db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    const entries = () => sessionEntries(session.id);
    expect((await entries()).map((e) => [e.action, e.staffId, e.actorLabel])).toEqual([
      ["sign_in", null, OWNER_LABEL],
    ]);
    expect((await logout(token)).status).toBe(200);
    expect((await entries()).map((e) => [e.action, e.staffId])).toEqual([
      ["sign_in", null],
      ["sign_out", null],
    ]);
    // The token is dead now: a second logout is refused at the guard and records nothing more.
    expect((await logout(token)).status).toBe(401);
    expect(await entries()).toHaveLength(2);
  });

  it("a wrong password records nothing", async () => {
    const signIns = () => site.db.select().from(auditLog).where(eq(auditLog.action, "sign_in"));
    const before = (await signIns()).length;
    const res = await site.app.request(
      "/api/admin/login",
      jsonRequest("POST", { password: "not-the-password" }),
    );
    expect(res.status).toBe(401);
    expect(await signIns()).toHaveLength(before);
  });
});

/**
 * Promo codes through the API: the operator creates, edits and deactivates a
 * code (and each role gets what the route table gives it); a booking with a
 * code stores its discount and charges the rest; each refusal is a 400
 * naming promo_code; the caps hold when bookings race (on PostgreSQL on
 * separate connections); an unpaid end gives the use back, a paid
 * cancellation does not; a code that covers everything confirms without a card.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { formatMoney } from "../../app/lib/money.ts";
import {
  auditLog,
  availability,
  bookings,
  emailOutbox,
  invoices,
  payments,
  promoCodes,
} from "../../server/db/schema.ts";
import { cancelPendingBooking } from "../../server/domain/bookings/holds.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import { memberToken } from "../helpers/staff.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Promo Booker" };
let t: TestContext;
let owner: string;
let date: string;
let unitCents: number;

beforeAll(async () => {
  // Each racing booking comes from its own address, so nothing but the code's lock orders them
  // (the open-checkout cap locks per client address).
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" });
  owner = await login(t);
  date = await firstOpenDate(t.app, ADVENTURE, 4);
  const [slot] = await t.db
    .select()
    .from(availability)
    .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, date)));
  await t.db.update(availability).set({ availableSpots: 20 }).where(eq(availability.id, slot.id));
  const res = await t.app.request(`/api/adventures/${ADVENTURE}/dates`);
  const dates = (await res.json()) as { date: string; price: number }[];
  unitCents = Math.round((dates.find((d) => d.date === date)?.price ?? 0) * 100);
});
afterAll(() => t?.close());

const money = (cents: number) => formatMoney(cents, "aud", true);

async function createCode(body: Record<string, unknown>) {
  const res = await t.app.request(
    "/api/admin/promo-codes",
    authed(owner, "POST", { kind: "percent", percent: 10, ...body }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { promo_code: { id: string; code: string } }).promo_code;
}

function book(over: Record<string, unknown> = {}) {
  return t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ selected_date: date, group_size: 2, ...over })),
  );
}

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { errors?: Record<string, string> };
  return body.errors?.promo_code;
}

describe("the operator's codes", () => {
  it("creates, lists, edits and deactivates a code; the code is stored normalised and unique", async () => {
    const made = await createCode({ code: " spring 15 ", percent: 15, max_uses: 5 });
    expect(made.code).toBe("SPRING15");
    const again = await t.app.request(
      "/api/admin/promo-codes",
      authed(owner, "POST", { code: "Spring15", kind: "fixed", amount: 20 }),
    );
    expect(again.status).toBe(400);
    expect(((await again.json()) as { errors: Record<string, string> }).errors.code).toMatch(
      /already exists/,
    );

    const edited = await t.app.request(
      `/api/admin/promo-codes/${made.id}`,
      authed(owner, "PUT", { code: "SPRING15", kind: "fixed", amount: 20, adventure_ids: [ADVENTURE] }),
    );
    expect(edited.status).toBe(200);
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, made.id));
    expect(row).toMatchObject({ kind: "fixed", amountCents: 2000, percent: null, adventureIds: [ADVENTURE] });

    const bad = await t.app.request(
      `/api/admin/promo-codes/${made.id}`,
      authed(owner, "PUT", { code: "SPRING15", kind: "percent", percent: 0, adventure_ids: ["no-such"] }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.percent).toBeTruthy();

    const off = await t.app.request(`/api/admin/promo-codes/${made.id}/deactivate`, authed(owner, "POST"));
    expect(off.status).toBe(200);
    const list = (await (await t.app.request("/api/admin/promo-codes", authed(owner))).json()) as {
      promo_codes: { code: string; is_active: boolean }[];
    };
    expect(list.promo_codes.find((c) => c.code === "SPRING15")?.is_active).toBe(false);
    expect(await refusal(await book({ promo_code: "spring15" }))).toBe("This promo code is no longer active");

    // Each write is in the audit log with the fields it changed.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, made.id))
      .orderBy(asc(auditLog.recordedAt));
    expect(entries.map((e) => [e.entity, e.action])).toEqual([
      ["promo_code", "create"],
      ["promo_code", "update"],
      ["promo_code", "deactivate"],
    ]);
    expect(entries[1].changes).toMatchObject({ kind: { before: "percent", after: "fixed" } });
    expect(entries[2].changes).toEqual({ isActive: { before: true, after: false } });
  });

  it("lets Owner and Manager write, the Bookkeeper read, and Crew nothing", async () => {
    const code = await createCode({ code: "ROLES10" });
    for (const [role, read, write] of [
      ["manager", 200, 200],
      ["bookkeeper", 200, 403],
      ["crew", 403, 403],
    ] as const) {
      const { token } = await memberToken(t.db, role);
      expect((await t.app.request("/api/admin/promo-codes", authed(token))).status).toBe(read);
      expect((await t.app.request(`/api/admin/promo-codes/${code.id}`, authed(token))).status).toBe(read);
      const put = await t.app.request(
        `/api/admin/promo-codes/${code.id}`,
        authed(token, "PUT", { code: "ROLES10", kind: "percent", percent: 12 }),
      );
      expect(put.status).toBe(write);
    }
  });
});

describe("a booking with a code", () => {
  it("stores the code and discount, charges the rest, and the operator sees its use", async () => {
    const code = await createCode({ code: "REEF10" });
    // A GST-registered seller: the booking's invoice is a tax invoice.
    const tax = { legal_name: "Tidewater Pty Ltd", abn: "51 824 753 556", gst_registered: true };
    expect((await t.app.request("/api/admin/invoice-settings", authed(owner, "PUT", tax))).status).toBe(200);
    const res = await book({ promo_code: "reef10", customer_email: "reef@example.com" });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    const subtotal = unitCents * 2;
    const discount = Math.floor((subtotal * 10 + 50) / 100);
    expect(created).toMatchObject({
      promo_code: "REEF10",
      promo_discount_cents: discount,
      total_cents: subtotal - discount,
      amount_due_cents: subtotal - discount,
    });
    const [b] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, String(created.booking_id)));
    expect(b).toMatchObject({ promoCodeId: code.id, promoCode: "REEF10", promoDiscountCents: discount });
    expect(b.totalAmountCents).toBe(subtotal - discount);
    const [p] = await t.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(p.amountTotalCents).toBe(subtotal - discount);

    const paid = await t.app.request(
      `/api/payments/v1/test-checkout/${created.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(paid.status).toBe(200);
    // The invoice: the subtotal, the discount as its own line, GST 1/11 of what was paid.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(invoice.lines.map((l) => l.total_cents)).toEqual([subtotal, -discount]);
    expect(invoice.lines[1].description).toBe("Promo code REEF10");
    expect(invoice.totalCents).toBe(subtotal - discount);
    expect(invoice.taxInvoice).toBe(true);
    expect(invoice.gstCents).toBe(Math.round((subtotal - discount) / 11));
    // The confirmation email's money lines.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "reef@example.com"));
    const texts = await Promise.all(mails.map((m) => sentText(t.db, m)));
    const confirmation = texts.find((x) => x.includes("Your booking is confirmed")) ?? "";
    expect(confirmation).toContain(`Promo code REEF10: -${money(discount)}`);
    expect(confirmation).toContain(`Total paid: ${money(subtotal - discount)}`);

    const detail = (await (
      await t.app.request(`/api/admin/promo-codes/${code.id}`, authed(owner))
    ).json()) as {
      promo_code: { uses: number; confirmed: number; revenue_cents: number; discount_cents: number };
    };
    expect(detail.promo_code).toMatchObject({
      uses: 1,
      confirmed: 1,
      revenue_cents: subtotal - discount,
      discount_cents: discount,
    });
  });

  it("answers exactly as before without a code", async () => {
    const res = await book({ customer_email: "plain@example.com" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        "amount_due_cents",
        "booking_id",
        "booking_status",
        "checkout_url",
        "reference",
        "session_id",
        "voucher_cents",
      ].sort(),
    );
    expect(body.amount_due_cents).toBe(unitCents * 2);
  });

  it("refuses each code that does not apply with a 400 naming promo_code", async () => {
    const today = sydneyDate();
    await createCode({ code: "LATER", valid_from: addDays(today, 5) });
    await createCode({ code: "OVER", valid_to: addDays(today, -1) });
    await createCode({ code: "CAMPONLY", adventure_ids: ["underwater-treasure-hunt"] });
    await createCode({ code: "WINTER", trip_from: addDays(date, 1) });
    await createCode({ code: "GROUP3", min_group_size: 3 });
    await createCode({ code: "NEWBIE", first_booking_only: true });
    expect(await refusal(await book({ promo_code: "NOPE" }))).toBe("This promo code is not valid");
    expect(await refusal(await book({ promo_code: "later" }))).toBe("This promo code cannot be used yet");
    expect(await refusal(await book({ promo_code: "over" }))).toBe("This promo code has expired");
    expect(await refusal(await book({ promo_code: "camponly" }))).toBe(
      "This promo code is not valid for this adventure",
    );
    expect(await refusal(await book({ promo_code: "winter" }))).toBe(
      "This promo code is not valid for this trip date",
    );
    expect(await refusal(await book({ promo_code: "group3" }))).toBe(
      "This promo code needs a group of at least 3",
    );
    // reef@example.com has a confirmed booking (above); a new address may use it.
    expect(await refusal(await book({ promo_code: "newbie", customer_email: "REEF@example.com" }))).toBe(
      "This promo code is for a first booking only",
    );
    expect((await book({ promo_code: "newbie", customer_email: "first@example.com" })).status).toBe(201);
    // Text too long for any code is the field's own message.
    expect(await refusal(await book({ promo_code: "X".repeat(40) }))).toMatch(/at most 32/);
  });

  it("caps uses per email; an unpaid end gives the use back, a paid cancellation keeps it", async () => {
    await createCode({ code: "ONCE", max_uses_per_email: 1 });
    const first = (await (await book({ promo_code: "once", customer_email: "once@example.com" })).json()) as {
      booking_id: string;
    };
    expect(await refusal(await book({ promo_code: "once", customer_email: "Once@Example.com" }))).toBe(
      "This promo code has already been used with this email address",
    );
    await cancelPendingBooking(t.db, first.booking_id, {
      at: new Date(),
      publicUrl: "http://localhost:3999",
    });
    const second = await book({ promo_code: "once", customer_email: "once@example.com" });
    expect(second.status).toBe(201);
    const { session_id } = (await second.json()) as { session_id: string };
    await t.app.request(`/api/payments/v1/test-checkout/${session_id}/pay`, jsonRequest("POST", PAY));
    const [paid] = await t.db.select().from(bookings).where(eq(bookings.checkoutSessionId, session_id));
    await t.db
      .update(bookings)
      .set({ bookingStatus: "cancelled", cancelledAt: new Date(), cancelReason: "customer" })
      .where(eq(bookings.id, paid.id));
    expect(await refusal(await book({ promo_code: "once", customer_email: "once@example.com" }))).toBe(
      "This promo code has already been used with this email address",
    );
  });

  it("confirms a booking a 100% code makes free, without a card", async () => {
    await createCode({ code: "FREEDIVE", percent: 100 });
    const res = await book({ promo_code: "freedive", customer_email: "free@example.com" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      booking_status: "confirmed",
      amount_due_cents: 0,
      total_cents: 0,
      session_id: null,
    });
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, String(body.booking_id)));
    expect(rows).toHaveLength(0);
  });

  it("checks a code for the form's live total without taking a use", async () => {
    await createCode({ code: "LOOK5", kind: "fixed", amount: 5, percent: null, max_uses: 1 });
    const res = await t.app.request(
      "/api/promo-codes/check",
      jsonRequest("POST", { code: "look5", adventure_id: ADVENTURE, selected_date: date, group_size: 2 }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      code: "LOOK5",
      discount_cents: 500,
      subtotal_cents: unitCents * 2,
      total_cents: unitCents * 2 - 500,
    });
    const bad = await t.app.request(
      "/api/promo-codes/check",
      jsonRequest("POST", { code: "nope", adventure_id: ADVENTURE, group_size: 2 }),
    );
    expect(await refusal(bad)).toBe("This promo code is not valid");
    // An adventure that cannot be booked is named, not priced.
    const hidden = await t.app.request(
      "/api/promo-codes/check",
      jsonRequest("POST", { code: "look5", adventure_id: "no-such-adventure", group_size: 2 }),
    );
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({
      detail: "adventure_id: This adventure is not available for booking",
      errors: { adventure_id: "This adventure is not available for booking" },
    });
  });

  it("prices the check at the chosen departure of a date with two", async () => {
    await createCode({ code: "TWOTIMES", kind: "fixed", amount: 5, percent: null });
    const day = addDays(sydneyDate(), 300);
    await t.db.insert(availability).values([
      {
        adventureId: ADVENTURE,
        date: day,
        startTime: "08:00",
        availableSpots: 8,
        priceOverrideCents: 10_000,
      },
      {
        adventureId: ADVENTURE,
        date: day,
        startTime: "14:00",
        availableSpots: 8,
        priceOverrideCents: 15_000,
      },
    ]);
    const check = async (start: string) =>
      (await (
        await t.app.request(
          "/api/promo-codes/check",
          jsonRequest("POST", {
            code: "TWOTIMES",
            adventure_id: ADVENTURE,
            selected_date: day,
            start_time: start,
            group_size: 2,
          }),
        )
      ).json()) as { subtotal_cents: number };
    expect((await check("14:00")).subtotal_cents).toBe(30_000);
    expect((await check("08:00")).subtotal_cents).toBe(20_000);
  });
});

describe("the cap under parallel bookings", () => {
  it("15 bookings at once with a code capped at 3 use it exactly 3 times", async () => {
    const code = await createCode({ code: "RACE3", max_uses: 3 });
    const open = await t.db
      .select({ date: availability.date })
      .from(availability)
      .where(
        and(
          eq(availability.adventureId, ADVENTURE),
          eq(availability.isAvailable, true),
          gte(availability.date, addDays(sydneyDate(), 10)),
        ),
      )
      .orderBy(asc(availability.date));
    const dates = open.slice(0, 15).map((r) => r.date);
    expect(dates).toHaveLength(15);
    const responses = await Promise.all(
      dates.map((d, i) =>
        t.app.request(
          "/api/bookings",
          jsonRequest(
            "POST",
            bookingPayload({
              selected_date: d,
              group_size: 1,
              customer_email: `race${i}@example.com`,
              promo_code: "RACE3",
            }),
            { "X-Forwarded-For": `203.0.113.${i + 1}` },
          ),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const r of responses.filter((x) => x.status !== 201)) {
      expect(await refusal(r)).toBe("This promo code has been used up");
    }
    const used = await t.db.select().from(bookings).where(eq(bookings.promoCodeId, code.id));
    expect(used).toHaveLength(3);
  });
});

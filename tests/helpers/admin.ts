/**
 * Helpers for tests of the admin area: a logged-in token, authorised
 * requests, and bookings/payments inserted directly (with the spots they hold).
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DB } from "../../server/db/client.server.ts";
import {
  availability,
  type BookingStatus,
  bookings,
  emailOutbox,
  payments,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { voucherCodeOf } from "./outbox.ts";
import { jsonRequest, type TestContext } from "./test-app.ts";

export const TEST_ADMIN_PASSWORD = "test-admin-password-123";

/** The owner as the audit log records a call made directly to a rule (`withActor(OWNER, ...)`). */
export const OWNER = { staffId: null, address: "203.0.113.9" };

export async function login(ctx: TestContext, password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await ctx.app.request("/api/admin/login", jsonRequest("POST", { password }));
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string };
  return body.token;
}

/** A request with the admin bearer token (and a JSON body when given). */
export function authed(token: string, method = "GET", body?: unknown): RequestInit {
  return jsonRequest(method, body, { Authorization: `Bearer ${token}` });
}

export interface BookingSeed {
  adventureId?: string;
  adventureTitle?: string;
  status?: BookingStatus;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  groupSize?: number;
  date?: string;
  unitPriceCents?: number;
  specialRequirements?: string;
  /** Take the spots on the availability row of that date (created if missing). */
  holdSpots?: boolean;
  /** Record a paid payment (and a paid test-checkout session) for the total. */
  paid?: boolean;
  createdAt?: Date;
}

export function reference(): string {
  return `TW-${randomBytes(4).toString("hex").toUpperCase()}`;
}

export async function insertBooking(db: DB, seed: BookingSeed = {}) {
  const adventureId = seed.adventureId ?? "dive-exhibition";
  const groupSize = seed.groupSize ?? 2;
  const unit = seed.unitPriceCents ?? 15_000;
  const date = seed.date ?? "2030-01-05";
  const status = seed.status ?? (seed.paid ? "confirmed" : "pending_payment");
  let availabilityId: string | null = null;
  if (seed.holdSpots) {
    const [row] = await db
      .insert(availability)
      .values({ adventureId, date, availableSpots: 8 })
      .onConflictDoUpdate({
        target: [availability.adventureId, availability.date, availability.startTime],
        // Room for this booking, as a hold would have needed.
        set: {
          availableSpots: sql`greatest(${availability.availableSpots}, least(20, ${availability.bookedSpots} + ${groupSize}))`,
        },
      })
      .returning();
    await db
      .update(availability)
      .set({ bookedSpots: sql`${availability.bookedSpots} + ${groupSize}` })
      .where(eq(availability.id, row.id));
    availabilityId = row.id;
  }
  const sessionId = `cs_test_${randomBytes(12).toString("hex")}`;
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: reference(),
      adventureId,
      adventureTitle: seed.adventureTitle ?? "Discover Scuba Diving",
      availabilityId,
      customerFirstName: seed.firstName ?? "Mia",
      customerLastName: seed.lastName ?? "Nguyen",
      customerEmail: seed.email ?? "mia@example.com",
      customerPhone: seed.phone ?? "0412 345 678",
      groupSize,
      selectedDate: date,
      specialRequirements: seed.specialRequirements ?? "",
      unitPriceCents: unit,
      totalAmountCents: unit * groupSize,
      bookingStatus: status,
      holdsSpots: Boolean(seed.holdSpots),
      checkoutSessionId: sessionId,
      confirmedAt: status === "confirmed" || status === "completed" ? new Date() : null,
      createdAt: seed.createdAt ?? new Date(),
    })
    .returning();
  if (seed.paid) {
    const now = new Date();
    await db.insert(testCheckoutSessions).values({
      id: sessionId,
      kind: "booking",
      name: booking.adventureTitle,
      unitAmountCents: unit,
      quantity: groupSize,
      amountTotalCents: unit * groupSize,
      currency: "aud",
      successUrl: "http://localhost/book/success",
      cancelUrl: "http://localhost/book",
      status: "complete",
      paymentStatus: "paid",
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      paidAt: now,
    });
    await db.insert(payments).values({
      provider: "test",
      sessionId,
      kind: "booking",
      bookingId: booking.id,
      unitAmountCents: unit,
      quantity: groupSize,
      amountTotalCents: unit * groupSize,
      currency: "aud",
      status: "complete",
      paymentStatus: "paid",
      customerEmail: booking.customerEmail,
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      paidAt: now,
    });
  }
  return { booking, availabilityId, sessionId };
}

/** A gift voucher the operator issues through the console's API: answers its code, read from the email that carries it. */
export async function issuedVoucherCode(ctx: TestContext, token: string, dollars: string, email: string) {
  const res = await ctx.app.request("/api/admin/vouchers", authed(token, "POST", { amount: dollars, email }));
  if (res.status !== 201) throw new Error(`voucher not issued: ${res.status} ${await res.text()}`);
  const { voucher } = (await res.json()) as { voucher: { id: string } };
  const [mail] = await ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `voucher_code:${voucher.id}`));
  return voucherCodeOf(ctx.db, mail);
}

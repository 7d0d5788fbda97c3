/**
 * The email log: every outbox email in one list and per booking, its stored
 * body (never a customer's live link), retrying a failed one and sending the
 * booking's confirmation again with a fresh link.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingLinks, emailOutbox } from "../../server/db/schema.ts";
import { bookingByToken } from "../../server/domain/bookings/booking-links.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Log Test" };
let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(t);
});
afterAll(() => t.close());

type Item = {
  id: string;
  kind: string;
  status: string;
  sealed: boolean;
  booking_id: string | null;
  to: string;
};
const get = async <T>(path: string) => {
  const res = await t.app.request(path, authed(token));
  return { status: res.status, body: (await res.json()) as T };
};
const post = async <T>(path: string) => {
  const res = await t.app.request(path, authed(token, "POST", {}));
  return { status: res.status, body: (await res.json()) as T & { detail: string } };
};

let n = 0;
/** A paid public booking: its confirmation and the operator's notice are queued for it. */
async function paidBooking() {
  n += 1;
  const email = `log${n}-${Date.now()}@example.com`;
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({
        selected_date: await firstOpenDate(t.app, "dive-exhibition"),
        group_size: 1,
        customer_email: email,
      }),
    ),
  );
  const created = (await res.json()) as { booking_id: string; session_id: string };
  await t.app.request(`/api/payments/v1/test-checkout/${created.session_id}/pay`, jsonRequest("POST", PAY));
  return { id: created.booking_id, email };
}

describe("the log", () => {
  it("lists a booking's emails under it, and shows the stored body with its link removed", async () => {
    const booking = await paidBooking();
    const { body } = await get<{ emails: Item[] }>(`/api/admin/bookings/${booking.id}/emails`);
    expect(body.emails.map((e) => e.kind).sort()).toEqual(["booking_confirmation", "booking_notice"]);
    const confirmation = body.emails.find((e) => e.kind === "booking_confirmation") as Item;
    expect(confirmation).toMatchObject({ to: booking.email, sealed: true, status: "pending" });

    const detail = await get<{ text_body: string; html_body: string; attachments: string[] }>(
      `/api/admin/email-log/${confirmation.id}`,
    );
    expect(detail.body.text_body).toContain(LINK_REMOVED);
    expect(detail.body.text_body).not.toMatch(/\/my-booking\/[A-Za-z0-9_-]{20,}/);
    expect(detail.body.html_body).not.toMatch(/\/my-booking\/[A-Za-z0-9_-]{20,}/);
    // The calendar file, and the booking's invoice (a receipt until the business sets its ABN).
    expect(detail.body.attachments).toEqual([
      expect.stringMatching(/^booking-TW-.+\.ics$/),
      expect.stringMatching(/^INV-\d{6}\.pdf$/),
      expect.stringMatching(/^INV-\d{6}\.html$/),
    ]);
  });

  it("filters by status and by address or subject, newest first, in pages", async () => {
    const booking = await paidBooking();
    const byAddress = await get<{ emails: Item[]; total: number }>(
      `/api/admin/email-log?q=${encodeURIComponent(booking.email)}`,
    );
    expect(byAddress.body.total).toBe(1);
    await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.toAddress, booking.email));
    const sent = await get<{ emails: Item[] }>(
      `/api/admin/email-log?status=sent&q=${encodeURIComponent(booking.email)}`,
    );
    expect(sent.body.emails).toHaveLength(1);
    const pending = await get<{ emails: Item[] }>(
      `/api/admin/email-log?status=pending&q=${encodeURIComponent(booking.email)}`,
    );
    expect(pending.body.emails).toHaveLength(0);
    // A wildcard typed in the search is a character, not a pattern.
    const wild = await get<{ total: number }>("/api/admin/email-log?q=%25");
    expect(wild.body.total).toBe(0);
  });

  it("names a bad filter, answers 404 for an unknown email and 401 without the token", async () => {
    expect((await get<{ errors: object }>("/api/admin/email-log?status=lost")).body.errors).toHaveProperty(
      "status",
    );
    expect((await get<{ errors: object }>("/api/admin/email-log?page=0")).body.errors).toHaveProperty("page");
    expect((await get("/api/admin/email-log/no-such-email")).status).toBe(404);
    expect((await t.app.request("/api/admin/email-log")).status).toBe(401);
  });
});

describe("sending again", () => {
  it("retries a failed email once, with its attempts counted afresh", async () => {
    const booking = await paidBooking();
    const [notice] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, booking.id), eq(emailOutbox.kind, "booking_notice")));
    expect((await post(`/api/admin/email-log/${notice.id}/retry`)).status).toBe(409);
    await t.db
      .update(emailOutbox)
      .set({ status: "failed", attempts: 10, lastError: "mailbox full" })
      .where(eq(emailOutbox.id, notice.id));
    const [first, second] = await Promise.all([
      post<{ email: Item }>(`/api/admin/email-log/${notice.id}/retry`),
      post<{ email: Item }>(`/api/admin/email-log/${notice.id}/retry`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, notice.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("copies a sent email, but not one whose link was removed", async () => {
    const booking = await paidBooking();
    await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.bookingId, booking.id));
    const emails = (await get<{ emails: Item[] }>(`/api/admin/bookings/${booking.id}/emails`)).body.emails;
    const notice = emails.find((e) => e.kind === "booking_notice") as Item;
    const confirmation = emails.find((e) => e.kind === "booking_confirmation") as Item;
    const copy = await post<{ email: Item }>(`/api/admin/email-log/${notice.id}/send-again`);
    expect(copy.status).toBe(201);
    expect(copy.body.email).toMatchObject({
      kind: "booking_notice",
      status: "pending",
      booking_id: booking.id,
    });
    const refused = await post(`/api/admin/email-log/${confirmation.id}/send-again`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/confirmation again from its page/);
    await t.db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, confirmation.id));
    expect((await post(`/api/admin/email-log/${confirmation.id}/retry`)).status).toBe(409);
  });

  it("sends the booking's confirmation again with a fresh link that works, and the old one too", async () => {
    const booking = await paidBooking();
    const again = await post<{ email: Item }>(`/api/admin/bookings/${booking.id}/resend-confirmation`);
    expect(again.status).toBe(201);
    expect(again.body.email).toMatchObject({
      kind: "booking_confirmation",
      sealed: true,
      booking_id: booking.id,
    });
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, again.body.email.id));
    const fresh = /\/my-booking\/([A-Za-z0-9_-]{20,})/.exec(await sentText(t.db, row))?.[1] ?? "missing";
    expect((await bookingByToken(t.db, fresh, new Date()))?.booking.id).toBe(booking.id);
    const live = await t.db
      .select()
      .from(bookingLinks)
      .where(and(eq(bookingLinks.bookingId, booking.id), isNull(bookingLinks.revokedAt)));
    expect(live.map((l) => l.channel).sort()).toEqual(["email", "resend"]);
  });

  it("refuses a confirmation for an unpaid booking or one whose links were revoked", async () => {
    const unpaid = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ selected_date: await firstOpenDate(t.app, "dive-exhibition"), group_size: 1 }),
      ),
    );
    const { booking_id } = (await unpaid.json()) as { booking_id: string };
    expect((await post(`/api/admin/bookings/${booking_id}/resend-confirmation`)).status).toBe(409);
    const booking = await paidBooking();
    await t.app.request(`/api/admin/bookings/${booking.id}/revoke-links`, authed(token, "POST", {}));
    const refused = await post(`/api/admin/bookings/${booking.id}/resend-confirmation`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/revoked/);
    expect((await post("/api/admin/bookings/no-such-booking/resend-confirmation")).status).toBe(404);
  });
});

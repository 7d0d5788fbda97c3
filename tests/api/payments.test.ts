import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, payments, testCheckoutSessions } from "../../server/db/schema.ts";
import { paidSummary } from "../../server/domain/bookings/payment-views.server.ts";
import { enqueueEmail } from "../../server/email/outbox.server.ts";
import { backoffMs, createOutboxSender, MAX_ATTEMPTS } from "../../server/email/sender.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { header, type SmtpSink, startSmtpSink } from "../helpers/smtp.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Payer" };

let t: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: "Tidewater Test <test@tidewater.test>" });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const custom = (body: Record<string, unknown>) =>
  t.app.request("/api/payments/v1/checkout/session", jsonRequest("POST", body));

describe("POST /api/payments/v1/checkout/session (custom payment)", () => {
  it("opens a checkout for amount x quantity and records it in the ledger", async () => {
    const res = await custom({
      amount: 49.5,
      currency: "usd",
      quantity: 3,
      success_url: "http://localhost:3999/book?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3999/book",
      metadata: { source: "custom", payment_type: "custom" },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; session_id: string };
    expect(body.url).toBe(`http://localhost:3999/checkout/test/${body.session_id}`);
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, body.session_id));
    expect(ledger).toMatchObject({
      kind: "custom",
      unitAmountCents: 4950,
      quantity: 3,
      amountTotalCents: 14850,
      currency: "usd",
      bookingId: null,
    });
    expect(ledger.metadata).toMatchObject({ source: "custom", payment_type: "custom", kind: "custom" });
  });

  it.each([[{ amount: 0 }], [{ amount: -5 }], [{ amount: "" }], [{}]])(
    "rejects %o with 'Please enter a valid amount greater than 0'",
    async (body) => {
      const res = await custom(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { detail: string; errors: Record<string, string> };
      expect(json.errors.amount).toBe("Please enter a valid amount greater than 0");
    },
  );

  it.each([
    [{ amount: 10, currency: "jpy" }, "currency"],
    [{ amount: 10, quantity: 0 }, "quantity"],
    [{ amount: 10, quantity: 1.5 }, "quantity"],
    [{ amount: 10, quantity: 101 }, "quantity"],
    [{ amount: 10.005 }, "amount"],
  ])("rejects %o naming %s", async (body, field) => {
    const res = await custom(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors[field]).toBeTruthy();
  });

  it("replaces success_url and cancel_url on other origins with the site's own", async () => {
    const res = await custom({
      amount: 20,
      success_url: "https://evil.example/steal?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "//evil.example/cancel",
    });
    const { session_id } = (await res.json()) as { session_id: string };
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, session_id));
    expect(session.successUrl).toBe("http://localhost:3999/book?session_id={CHECKOUT_SESSION_ID}");
    expect(new URL(session.cancelUrl).origin).toBe("http://localhost:3999");
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, session_id));
    const cancel = await t.app.request(new URL(session.cancelUrl).pathname);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(`http://localhost:3999/book?session_id=${session_id}`);
    expect(ledger.cancelUrl).toBe(`http://localhost:3999/book?session_id=${session_id}`);
    const status = await (await t.app.request(`/api/payments/v1/checkout/status/${session_id}`)).json();
    expect(status.status).toBe("cancelled");
  });

  it("keeps a same-origin path and adds the session id to a success_url without the placeholder", async () => {
    const res = await custom({ amount: 5, success_url: "/book?thanks=1" });
    const { session_id } = (await res.json()) as { session_id: string };
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, session_id));
    expect(session.successUrl).toBe("http://localhost:3999/book?thanks=1&session_id={CHECKOUT_SESSION_ID}");
  });

  it("paid: status says paid, and a receipt reaches the payer over SMTP", async () => {
    const res = await custom({ amount: 75, quantity: 2, currency: "aud" });
    const { session_id } = (await res.json()) as { session_id: string };
    const noEmail = await t.app.request(
      `/api/payments/v1/test-checkout/${session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(noEmail.status).toBe(400);
    // A payment with no email on file asks for one at the field, for the receipt.
    expect(await noEmail.json()).toMatchObject({
      detail: "email: Enter your email address for the receipt",
      errors: { email: "Enter your email address for the receipt" },
    });
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${session_id}/pay`,
      jsonRequest("POST", { ...PAY, email: "payer@example.com" }),
    );
    expect(pay.status).toBe(200);
    const status = await (await t.app.request(`/api/payments/v1/checkout/status/${session_id}`)).json();
    expect(status).toMatchObject({
      payment_status: "paid",
      amount_total: 150,
      currency: "aud",
      kind: "custom",
    });
    await t.services.outbox.flush();
    const mail = await sink.waitFor((m) => m.to.includes("payer@example.com"));
    expect(mail.subject).toContain("$150.00");
    const receipts = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "payment_receipt"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].status).toBe("sent");
    // The receipt carries the payment's invoice, as a PDF and as a page.
    expect(mail.raw).toMatch(/filename="?[A-Z0-9-]+\.pdf"?/);
    expect((status as { paid_at: string | null }).paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The operator hears what was paid and by whom.
    const [notice] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "payment_notice"), like(emailOutbox.textBody, `%${session_id}%`)));
    expect(notice.subject).toBe("Custom payment received: $150.00");
    expect(notice.textBody).toBe(
      `A custom payment of $150.00 (2 x $75.00) was paid by payer@example.com.\nSession: ${session_id}`,
    );
    // The success page's summary of it: what was paid, nothing of a booking.
    expect(await paidSummary(t.db, session_id)).toEqual({
      kind: "custom",
      amountTotalCents: 15_000,
      unitAmountCents: 7_500,
      quantity: 2,
      currency: "aud",
      email: "payer@example.com",
    });
  });
});

describe("email outbox sender", () => {
  it("delivers a booking confirmation with its .ics over SMTP", async () => {
    const date = await firstOpenDate(t.app, "night-dive-experience");
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          adventure_id: "night-dive-experience",
          selected_date: date,
          group_size: 1,
          customer_email: "diver@example.com",
        }),
      ),
    );
    const created = (await res.json()) as { session_id: string; reference: string };
    await t.app.request(`/api/payments/v1/test-checkout/${created.session_id}/pay`, jsonRequest("POST", PAY));
    await t.services.outbox.flush();
    const mail = await sink.waitFor((m) => m.to.includes("diver@example.com"));
    expect(header(mail.raw, "From")).toContain("test@tidewater.test");
    expect(mail.subject).toContain(created.reference);
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.raw).toContain(`booking-${created.reference}.ics`);
    const notice = await sink.waitFor((m) => m.subject.startsWith(`New booking ${created.reference}`));
    expect(notice.to[0]).toContain("@");
  });

  it("retries with back-off, then gives up after the last attempt", async () => {
    // A little ahead of the database's now(), which stamps new rows as due.
    const clock = testClock(new Date(Date.now() + 5_000));
    const log = createLogger("silent");
    let attempts = 0;
    const sender = createOutboxSender({
      db: t.db,
      log,
      from: "x@tidewater.test",
      now: clock.now,
      mailer: {
        sendMail: async () => {
          attempts++;
          throw new Error("connection refused");
        },
      },
    });
    await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    await enqueueEmail(t.db, {
      kind: "test",
      to: "a@example.com",
      subject: "s",
      text: "t",
      dedupeKey: "retry-test",
    });
    await sender.tick();
    let [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, "retry-test"));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connection refused" });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + backoffMs(1));
    // Not due yet: nothing is attempted.
    await sender.tick();
    expect(attempts).toBe(1);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      clock.advance(backoffMs(i) + 1);
      await sender.tick();
    }
    [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, "retry-test"));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(attempts).toBe(MAX_ATTEMPTS);
  });

  it("overlapping ticks send each email once", async () => {
    let sent = 0;
    const sender = createOutboxSender({
      db: t.db,
      log: createLogger("silent"),
      from: "x@tidewater.test",
      mailer: {
        sendMail: async () => {
          sent++;
          await new Promise((r) => setTimeout(r, 20));
        },
      },
    });
    const other = createOutboxSender({
      db: t.db,
      log: createLogger("silent"),
      from: "x@tidewater.test",
      mailer: { sendMail: async () => void sent++ },
    });
    await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    for (let i = 0; i < 5; i++) {
      await enqueueEmail(t.db, { kind: "test", to: `b${i}@example.com`, subject: "s", text: "t" });
    }
    await Promise.all([sender.tick(), sender.tick(), other.tick(), other.tick()]);
    expect(sent).toBe(5);
  });

  it("without SMTP_URL keeps emails and says so once", async () => {
    const logs: string[] = [];
    const sender = createOutboxSender({
      db: t.db,
      log: createLogger("info", (l) => {
        logs.push(l);
        return true;
      }),
      from: "x@tidewater.test",
    });
    await enqueueEmail(t.db, {
      kind: "test",
      to: "c@example.com",
      subject: "s",
      text: "t",
      dedupeKey: "kept",
    });
    await sender.tick();
    await sender.tick();
    expect(logs.filter((l) => l.includes("SMTP_URL is not set"))).toHaveLength(1);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, "kept"));
    expect(row.status).toBe("pending");
  });
});

describe("a paid test checkout after its expiry", () => {
  it("stays paid, and Pay pressed again still succeeds: the expiry ends an open session only", async () => {
    const clock = testClock();
    const own = await createTestApp({}, { now: clock.now });
    try {
      /** A custom payment opened with an email on file: its session id. */
      const open = async () => {
        const res = await own.app.request(
          "/api/payments/v1/checkout/session",
          jsonRequest("POST", { amount: 40, customer_email: "payer@example.com" }),
        );
        return ((await res.json()) as { session_id: string }).session_id;
      };
      const pay = (id: string) =>
        own.app.request(`/api/payments/v1/test-checkout/${id}/pay`, jsonRequest("POST", PAY));
      const status = async (id: string) =>
        (await (await own.app.request(`/api/payments/v1/checkout/status/${id}`)).json()) as {
          status: string;
          payment_status: string;
        };
      const paid = await open();
      const unpaid = await open();
      expect((await pay(paid)).status).toBe(200);
      clock.advance(2 * 60 * 60_000);
      expect(await status(paid)).toMatchObject({ status: "complete", payment_status: "paid" });
      // Pay pressed again later (a reload, a second tab) goes to the success page, not "expired".
      expect((await pay(paid)).status).toBe(200);
      expect(await status(unpaid)).toMatchObject({ status: "expired", payment_status: "unpaid" });
    } finally {
      await own.close();
    }
  });
});

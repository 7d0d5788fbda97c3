import { describe, expect, it, vi } from "vitest";
import { dateOptionStatus } from "../../app/components/booking/flow-state.ts";
import {
  bannerTone,
  ERROR_STATE,
  fetchPaymentStatus,
  interpret,
  POLL,
  STATUS_TEXT,
  type StatusResult,
  startPaymentPolling,
} from "../../app/components/booking/payment-status.ts";
import {
  bookingSchema,
  bookingTotalCents,
  customPaymentSchema,
  customTotal,
  expiryValid,
  luhnValid,
  testCardSchema,
} from "../../app/lib/booking.ts";
import { firstBookableDate } from "../../app/lib/booking-window.ts";
import { toCents } from "../../app/lib/money.ts";
import { freeCancellationUntil, refundCents, refundPercent } from "../../app/lib/policy-refund.ts";
import { cancellationSummary } from "../../app/lib/policy-words.ts";
import { toDateOptions } from "../../server/domain/bookings/availability.server.ts";
import { ownUrl, withSessionParam } from "../../server/payments/urls.server.ts";

describe("totals in cents", () => {
  it("multiplies whole cents by the group size", () => {
    expect(bookingTotalCents(9500, 2)).toBe(19000);
    expect(bookingTotalCents(toCents(149.99), 3)).toBe(44997);
    expect(bookingTotalCents(toCents(0.1), 3)).toBe(30);
  });
  it("refuses fractional cents", () => {
    expect(() => bookingTotalCents(0.1 * 3, 1)).toThrow();
  });
  it("custom total is amount x quantity with 2 decimals, without float drift", () => {
    expect(customTotal(0.1, 3)).toBe("0.30");
    expect(customTotal(19.99, 3)).toBe("59.97");
    expect(customTotal(50, 2)).toBe("100.00");
    expect(customTotal(0, 1)).toBe("0.00");
  });
});

describe("payload schemas", () => {
  it("ignores a client total and status", () => {
    const parsed = bookingSchema.parse({
      adventure_id: "dive-exhibition",
      customer_first_name: "A",
      customer_email: "a@example.com",
      group_size: "2",
      selected_date: "2026-12-05",
      total_amount: 1,
      booking_status: "confirmed",
    });
    expect(parsed).not.toHaveProperty("total_amount");
    expect(parsed).not.toHaveProperty("booking_status");
    expect(parsed.group_size).toBe(2);
  });
  it("amount must be > 0 with the spec's message", () => {
    const r = customPaymentSchema.safeParse({ amount: 0 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Please enter a valid amount greater than 0");
    expect(customPaymentSchema.parse({ amount: "12.5" })).toMatchObject({
      amount: 12.5,
      currency: "aud",
      quantity: 1,
    });
  });
  it("test cards: Luhn, expiry and CVC", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    const now = new Date("2026-11-15T00:00:00Z");
    expect(expiryValid("11/26", now)).toBe("ok");
    expect(expiryValid("10/26", now)).toBe("past");
    expect(expiryValid("13/30", now)).toBe("invalid");
    expect(
      testCardSchema.safeParse({ card_number: "4242 4242", expiry: "12/40", cvc: "1", name: "" }).success,
    ).toBe(false);
  });
});

describe("redirect targets", () => {
  const site = "https://tidewater.example";
  it("keeps our own origin and replaces any other", () => {
    expect(ownUrl("https://tidewater.example/book?x=1", site, "F")).toBe(
      "https://tidewater.example/book?x=1",
    );
    expect(ownUrl("/book?session_id={CHECKOUT_SESSION_ID}", site, "F")).toBe(
      "https://tidewater.example/book?session_id={CHECKOUT_SESSION_ID}",
    );
    for (const bad of [
      "https://evil.example/book",
      "//evil.example/book",
      "/\\evil.example",
      "javascript:alert(1)",
      "https://tidewater.example.evil.example/",
      "https://user:pw@tidewater.example/",
      "http://tidewater.example/book",
      42,
    ]) {
      expect(ownUrl(bad, site, "F")).toBe("F");
    }
  });
  it("adds the session id when the placeholder is missing", () => {
    expect(withSessionParam("https://t.example/book")).toBe(
      "https://t.example/book?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(withSessionParam("https://t.example/book?a=1", "cs_1")).toBe(
      "https://t.example/book?a=1&session_id=cs_1",
    );
  });
});

describe("date list", () => {
  const rows = [
    { date: "2026-12-06", availableSpots: 4, bookedSpots: 4, isAvailable: true },
    { date: "2026-12-05", availableSpots: 4, bookedSpots: 1, isAvailable: true, priceOverrideCents: 8000 },
    { date: "2026-11-28", availableSpots: 4, bookedSpots: 0, isAvailable: true },
    { date: "2026-12-12", availableSpots: 4, bookedSpots: 0, isAvailable: false },
  ];
  it("keeps dates from the first bookable day, in order, full and closed ones disabled", () => {
    const options = toDateOptions(rows, "2026-11-29", 9500);
    expect(options.map((o) => o.date)).toEqual(["2026-12-05", "2026-12-06", "2026-12-12"]);
    expect(options[0]).toEqual({
      date: "2026-12-05",
      display: "Saturday 5 December 2026",
      available: true,
      spots_left: 3,
      price: 80,
      published: true,
      called_off: false,
    });
    expect(options[1]).toMatchObject({ available: false, spots_left: 0, price: 95, published: true });
    expect(options[2]).toMatchObject({
      available: false,
      spots_left: 0,
      published: false,
      called_off: false,
    });
  });

  it("reads a full date as fully booked, a closed one as closed, and a weather call-off apart", () => {
    const withCallOff = [
      ...rows,
      { date: "2026-12-13", availableSpots: 4, bookedSpots: 2, isAvailable: false },
      // Opened again after the call-off: just open.
      { date: "2026-12-19", availableSpots: 4, bookedSpots: 0, isAvailable: true },
    ];
    const options = toDateOptions(withCallOff, "2026-11-29", 9500, new Set(["2026-12-13", "2026-12-19"]));
    expect(options.map((o) => `${o.date} ${dateOptionStatus(o)}`)).toEqual([
      "2026-12-05 3 spots left",
      "2026-12-06 Fully booked",
      "2026-12-12 Closed",
      "2026-12-13 Called off for weather",
      "2026-12-19 4 spots left",
    ]);
  });
  it("counts the booking notice from Sydney's today", () => {
    expect(firstBookableDate("2026-11-28", 1)).toBe("2026-11-29");
    expect(firstBookableDate("2026-12-31", 3)).toBe("2027-01-03");
    expect(firstBookableDate("2026-11-28", -2)).toBe("2026-11-28");
  });
});

describe("cancellation deadlines across daylight saving changes (Australia/Sydney)", () => {
  // DST ends Sun 5 Apr 2026 03:00 AEDT (-> 02:00 AEST); starts Sun 4 Oct 2026 02:00 AEST (-> 03:00 AEDT).
  it("autumn change: the free-cancellation day ends at Sydney midnight, not UTC", () => {
    const trip = "2026-04-11";
    expect(freeCancellationUntil(trip)).toBe("2026-04-04");
    // 23:59 AEDT on Sat 4 Apr = 12:59 UTC: still the deadline day.
    expect(refundPercent(trip, new Date("2026-04-04T12:59:00Z"))).toBe(100);
    // 00:00 AEDT on Sun 5 Apr = 13:00 UTC on the 4th: one day later in Sydney.
    expect(refundPercent(trip, new Date("2026-04-04T13:00:00Z"))).toBe(50);
    // The 25-hour Sunday: 23:30 AEST on 5 Apr = 13:30 UTC, still 6 days before.
    expect(refundPercent(trip, new Date("2026-04-05T13:30:00Z"))).toBe(50);
    expect(refundPercent(trip, new Date("2026-04-05T14:00:00Z"))).toBe(50);
  });
  it("spring change: the 23-hour day moves midnight to 13:00 UTC", () => {
    const trip = "2026-10-10";
    expect(freeCancellationUntil(trip)).toBe("2026-10-03");
    // 23:59 AEST on Sat 3 Oct = 13:59 UTC.
    expect(refundPercent(trip, new Date("2026-10-03T13:59:00Z"))).toBe(100);
    expect(refundPercent(trip, new Date("2026-10-03T14:00:00Z"))).toBe(50);
    // Sun 4 Oct is 23 hours long: 23:59 AEDT = 12:59 UTC.
    expect(refundPercent(trip, new Date("2026-10-04T12:59:00Z"))).toBe(50);
    // 3 days before ends at 23:59 AEDT on Wed 7 Oct = 12:59 UTC.
    expect(refundPercent(trip, new Date("2026-10-07T12:59:00Z"))).toBe(50);
    expect(refundPercent(trip, new Date("2026-10-07T13:00:00Z"))).toBe(0);
    expect(refundCents(19000, trip, new Date("2026-10-05T00:00:00Z"))).toBe(9500);
  });
  it("summary line names the deadline, or the policy that applies now", () => {
    expect(cancellationSummary("2026-10-10", new Date("2026-09-20T00:00:00Z"))).toBe(
      "Free cancellation until Sat, 3 Oct 2026",
    );
    expect(cancellationSummary("2026-10-10", new Date("2026-10-05T00:00:00Z"))).toMatch(
      /^50% refund if cancelled by Wed, 7 Oct 2026/,
    );
    expect(cancellationSummary("2026-10-10", new Date("2026-10-09T00:00:00Z"))).toMatch(/^Non-refundable/);
  });
});

describe("payment status polling", () => {
  const open: StatusResult = { ok: true, data: { status: "open", payment_status: "unpaid" } };
  it("interprets each answer as the spec says", () => {
    expect(interpret({ ok: true, data: { status: "complete", payment_status: "paid" } }, 1, "cs_1")).toEqual({
      message: STATUS_TEXT.paid,
      next: { kind: "redirect", delayMs: 3000, to: "/book/success?confirmed=true&session_id=cs_1" },
    });
    expect(interpret({ ok: true, data: { status: "expired" } }, 1, "x")).toMatchObject({
      message: "Payment session expired. Please try booking again.",
      error: ERROR_STATE.expired,
    });
    expect(interpret({ ok: true, data: { status: "cancelled" } }, 1, "x").message).toBe(
      "Payment was cancelled. Please try booking again if you wish to proceed.",
    );
    expect(interpret(open, 3, "x")).toEqual({
      message: "Payment is being processed...",
      next: { kind: "poll", delayMs: 2000 },
    });
    expect(interpret(open, 10, "x").message).toBe(
      "Payment status check timed out. Please check your email for confirmation.",
    );
    expect(interpret({ ok: false }, 1, "x").message).toBe(
      "Error checking payment status. Please contact us if you completed the payment.",
    );
    // Asked to wait (429): the server's sentence, not a generic error.
    const wait = "Too many requests from your connection. Please wait 4 minutes and try again.";
    expect(interpret({ ok: false, detail: wait }, 1, "x")).toEqual({
      message: wait,
      error: "Payment verification error",
      next: { kind: "stop" },
    });
  });

  it("banner tones follow the text", () => {
    expect(bannerTone(STATUS_TEXT.paid)).toBe("success");
    expect(bannerTone(STATUS_TEXT.expired)).toBe("error");
    expect(bannerTone(STATUS_TEXT.cancelled)).toBe("error");
    expect(bannerTone(STATUS_TEXT.processing)).toBe("info");
    expect(bannerTone(STATUS_TEXT.checking)).toBe("info");
    expect(bannerTone(STATUS_TEXT.timedOut)).toBe("info");
  });

  /** A fake timer queue: runs scheduled callbacks in order, recording their delays. */
  function fakeTimers() {
    const queue: { fn: () => void; ms: number }[] = [];
    const delays: number[] = [];
    return {
      setTimer: (fn: () => void, ms: number) => {
        queue.push({ fn, ms });
        delays.push(ms);
        return queue.length;
      },
      clearTimer: () => {
        queue.length = 0;
      },
      delays,
      async drain() {
        for (let i = 0; i < 50; i++) {
          await new Promise((r) => setImmediate(r));
          const next = queue.shift();
          if (!next) return;
          next.fn();
        }
      },
    };
  }

  it("polls every 2 s, at most 10 times, then times out", async () => {
    const timers = fakeTimers();
    const messages: string[] = [];
    let calls = 0;
    startPaymentPolling({
      sessionId: "cs_1",
      fetchStatus: async () => {
        calls++;
        return open;
      },
      onUpdate: (s) => messages.push(s.message),
      navigate: () => {
        throw new Error("must not navigate");
      },
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await timers.drain();
    expect(calls).toBe(POLL.maxAttempts);
    expect(timers.delays).toEqual(Array(9).fill(2000));
    expect(messages[0]).toBe("Checking payment status...");
    expect(messages.at(-1)).toBe(STATUS_TEXT.timedOut);
  });

  it("redirects 3 s after a paid answer; a thrown fetch counts as a failure", async () => {
    const timers = fakeTimers();
    const went: string[] = [];
    let n = 0;
    startPaymentPolling({
      sessionId: "cs 2",
      fetchStatus: async () => (++n < 3 ? open : { ok: true, data: { payment_status: "paid" } }),
      onUpdate: () => {},
      navigate: (to) => went.push(to),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await timers.drain();
    expect(timers.delays).toEqual([2000, 2000, 3000]);
    expect(went).toEqual(["/book/success?confirmed=true&session_id=cs%202"]);

    const t2 = fakeTimers();
    const msgs: string[] = [];
    startPaymentPolling({
      sessionId: "x",
      fetchStatus: () => Promise.reject(new Error("offline")),
      onUpdate: (s) => msgs.push(s.message),
      navigate: () => {},
      setTimer: t2.setTimer,
      clearTimer: t2.clearTimer,
    });
    await t2.drain();
    expect(msgs.at(-1)).toBe(STATUS_TEXT.error);
    expect(t2.delays).toEqual([]);
  });

  it("asked to wait (429), the page's status call ends the check on the server's own sentence", async () => {
    // The server's exact 429 shape (the limits themselves are tested in tests/api/public-limits.test.ts).
    const wait = "Too many requests from your connection. Please wait 4 minutes and try again.";
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(
      async () =>
        new Response(JSON.stringify({ detail: wait, retry_after: 240, errors: {} }), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "240" },
        }),
    );
    try {
      const timers = fakeTimers();
      const messages: string[] = [];
      startPaymentPolling({
        sessionId: "cs_test_waitplease0001",
        fetchStatus: fetchPaymentStatus,
        onUpdate: (s) => messages.push(s.message),
        navigate: () => {
          throw new Error("must not navigate");
        },
        setTimer: timers.setTimer,
        clearTimer: timers.clearTimer,
      });
      await timers.drain();
      expect(messages).toEqual([STATUS_TEXT.checking, wait]);
      expect(timers.delays).toEqual([]);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(String(fetch.mock.calls[0][0])).toBe("/api/payments/v1/checkout/status/cs_test_waitplease0001");
    } finally {
      fetch.mockRestore();
    }
  });

  it("stops when cancelled", async () => {
    const timers = fakeTimers();
    let calls = 0;
    const stop = startPaymentPolling({
      sessionId: "x",
      fetchStatus: async () => {
        calls++;
        return open;
      },
      onUpdate: () => {},
      navigate: () => {},
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await new Promise((r) => setImmediate(r));
    stop();
    await timers.drain();
    expect(calls).toBe(1);
  });
});

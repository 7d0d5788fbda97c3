import { expect, it } from "vitest";
import { normalEmail, TooManyCheckouts } from "../../server/domain/money/checkout-cap.server.ts";

// The cap's refusal says when to come back in whole minutes, never under one; a person's own
// checkouts are "you", a shared address's are "your network".
it("says the wait in minutes, one minute at least, and whose checkouts were counted", () => {
  const words = (open: number, seconds: number, by: "email" | "client") => {
    const e = new TooManyCheckouts(open, seconds, by);
    return [e.status, e.message, e.retryAfterSeconds, e.by];
  };
  expect(words(3, 20, "email")).toEqual([
    429,
    "You already have 3 unfinished checkouts. Finish or cancel one of them, or try again in 1 minute.",
    20,
    "email",
  ]);
  expect(words(3, 61, "email")[1]).toBe(
    "You already have 3 unfinished checkouts. Finish or cancel one of them, or try again in 2 minutes.",
  );
  expect(words(12, 30 * 60, "client")).toEqual([
    429,
    "Too many unfinished checkouts from your network right now. Please try again in 30 minutes.",
    1800,
    "client",
  ]);
});

it("takes an email address as one person whatever its case and outer spaces", () => {
  expect(normalEmail("  Mia@Example.COM ")).toBe("mia@example.com");
});

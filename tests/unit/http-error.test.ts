/**
 * The built pages carry their own copy of server/errors.server.ts, while the
 * services the server hands them throw the source's HttpError: a refusal
 * from either copy must be recognised as one, or a declined card is a 500.
 */
import { expect, it } from "vitest";
import { TooManyCheckouts } from "../../server/domain/money/checkout-cap.server.ts";
import { HttpError } from "../../server/errors.server.ts";

it("recognises an HttpError thrown by another copy of the module", async () => {
  // A query makes the loader evaluate the module a second time, as the build's bundle holds a second copy.
  const copy: typeof import("../../server/errors.server.ts") = await import(
    /* @vite-ignore */ new URL("../../server/errors.server.ts?copy", import.meta.url).href
  );
  expect(copy.HttpError).not.toBe(HttpError);
  const declined = new copy.HttpError(402, "Your card was declined.", {
    card_number: "Your card was declined.",
  });
  expect(declined instanceof HttpError).toBe(true);
  expect(new HttpError(400, "x") instanceof copy.HttpError).toBe(true);
});

it("does not take other errors, or plain look-alikes, for one", () => {
  expect(new Error("boom") instanceof HttpError).toBe(false);
  const lookAlike: unknown = { status: 402, message: "Your card was declined." };
  expect(lookAlike instanceof HttpError).toBe(false);
  const nothing: unknown = null;
  expect(nothing instanceof HttpError).toBe(false);
});

it("keeps a subclass's own check: an HttpError is not every subclass", () => {
  expect(new HttpError(429, "slow down") instanceof TooManyCheckouts).toBe(false);
  expect(new TooManyCheckouts(2, 60, "email") instanceof TooManyCheckouts).toBe(true);
  expect(new TooManyCheckouts(2, 60, "email") instanceof HttpError).toBe(true);
});

import { describe, expect, it } from "vitest";
import { RATING_MESSAGE, reviewSchema } from "../../app/lib/validation.ts";
import type { BookingRow } from "../../server/db/schema.ts";
import { reviewOpening, shownName } from "../../server/domain/bookings/reviews.server.ts";

const booking = (over: Partial<BookingRow>) =>
  ({ bookingStatus: "confirmed", selectedDate: "2031-03-10", ...over }) as BookingRow;

describe("who may review, and when", () => {
  it("opens on the trip's Sydney date, not the server's", () => {
    // 12:59 UTC on 9 March is 11:59 pm in Sydney (AEDT, UTC+11); a minute later it is the 10th there.
    expect(reviewOpening(booking({}), new Date("2031-03-09T12:59:00Z"))).toEqual({
      open: false,
      reason: "not_yet",
      from: "2031-03-10",
    });
    expect(reviewOpening(booking({}), new Date("2031-03-09T13:00:00Z"))).toEqual({ open: true });
    expect(reviewOpening(booking({}), new Date("2031-06-01T00:00:00Z"))).toEqual({ open: true });
  });

  it("only trips that went ahead: confirmed or completed", () => {
    const later = new Date("2031-04-01T00:00:00Z");
    expect(reviewOpening(booking({ bookingStatus: "completed" }), later).open).toBe(true);
    for (const bookingStatus of ["pending_payment", "cancelled"] as const) {
      expect(reviewOpening(booking({ bookingStatus }), later)).toEqual({ open: false, reason: "not_taken" });
    }
  });
});

describe("the name shown with a review", () => {
  it("is the first name and the last name's initial", () => {
    expect(shownName("Mia", "Nguyen")).toBe("Mia N.");
    expect(shownName(" Ruby ", "van Dijk")).toBe("Ruby V.");
    expect(shownName("Zoë", "Łukasz")).toBe("Zoë Ł.");
    expect(shownName("Kai", "")).toBe("Kai");
  });
});

describe("the review form's rules", () => {
  const ok = { rating: "4", content: "Great dive", customer_name: "Mia N." };
  it("takes a whole rating from 1 to 5, as form text", () => {
    expect(reviewSchema.parse(ok).rating).toBe(4);
    for (const rating of ["0", "6", "4.5", "", " 4", "five"]) {
      const result = reviewSchema.safeParse({ ...ok, rating });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["rating"], message: RATING_MESSAGE });
    }
  });

  it("needs the text and a one-line name, each named when missing or too long", () => {
    const blank = reviewSchema.safeParse({ ...ok, content: "   ", customer_name: "" });
    expect(blank.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["content", "Review is required"],
      ["customer_name", "Name shown is required"],
    ]);
    expect(reviewSchema.safeParse({ ...ok, content: "a".repeat(2001) }).error?.issues[0].message).toBe(
      "Review must be at most 2000 characters",
    );
    expect(reviewSchema.safeParse({ ...ok, customer_name: "Mia\nN." }).error?.issues[0].message).toBe(
      "Name shown must be a single line of text",
    );
  });
});

import { describe, expect, it } from "vitest";
import { bookableDate, bookingCutoffText } from "../../app/lib/booking-window.ts";

describe("the booking notice without a cutoff", () => {
  it("lets today's departure be booked after its start when only the days apply", () => {
    // 13:00 in Sydney (UTC+11 in December), five hours after an 08:00 start.
    const at = new Date("2026-12-05T02:00:00Z");
    const notice = { advanceBookingDays: 0, bookingCutoffHours: null, startMinutes: 8 * 60 };
    expect(bookableDate("2026-12-05", at, notice)).toBe(true);
    expect(bookableDate("2026-12-05", at, { ...notice, bookingCutoffHours: 0 })).toBe(false);
  });
  it("says one hour in the singular", () => {
    expect(bookingCutoffText(1)).toBe("Bookings close 1 hour before the departure.");
    expect(bookingCutoffText(2)).toBe("Bookings close 2 hours before the departure.");
  });
});

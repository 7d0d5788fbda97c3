import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "../../server/db/schema.ts";
import { canTransition, nextStatuses } from "../../server/domain/console/admin-bookings.server.ts";
import { canChangeSubscriber } from "../../server/domain/messaging/newsletter.server.ts";

describe("booking status transitions", () => {
  it("completed only from pending_payment or confirmed", () => {
    expect(canTransition("pending_payment", "completed")).toBe(true);
    expect(canTransition("confirmed", "completed")).toBe(true);
    expect(canTransition("completed", "completed")).toBe(false);
    expect(canTransition("cancelled", "completed")).toBe(false);
  });

  it("cancelled from anything but cancelled", () => {
    for (const s of BOOKING_STATUSES) expect(canTransition(s, "cancelled")).toBe(s !== "cancelled");
  });

  it("nothing else is offered", () => {
    for (const from of BOOKING_STATUSES) {
      expect(canTransition(from, "pending_payment")).toBe(false);
      expect(canTransition(from, "confirmed")).toBe(false);
    }
    expect(nextStatuses("cancelled")).toEqual([]);
    expect(nextStatuses("pending_payment")).toEqual(["completed", "cancelled"]);
    expect(nextStatuses("completed")).toEqual(["cancelled"]);
  });
});

describe("subscriber status changes", () => {
  it("active can be unsubscribed; any other status reactivated", () => {
    expect(canChangeSubscriber("active", "unsubscribed")).toBe(true);
    expect(canChangeSubscriber("active", "active")).toBe(false);
    expect(canChangeSubscriber("unsubscribed", "active")).toBe(true);
    expect(canChangeSubscriber("inactive", "active")).toBe(true);
    expect(canChangeSubscriber("inactive", "unsubscribed")).toBe(false);
  });

  it("a pending sign-up takes no status from the operator: only its confirmation link activates it", () => {
    for (const to of ["active", "unsubscribed", "inactive"] as const) {
      expect(canChangeSubscriber("pending", to)).toBe(false);
    }
  });
});

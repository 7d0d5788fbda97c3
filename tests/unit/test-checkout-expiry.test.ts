import { expect, it } from "vitest";
import { effectiveStatus, type TestSessionRow } from "../../server/payments/test-checkout.server.ts";

// A hold ends at its expiry instant: from that millisecond on, an open test checkout reads as
// expired (as Stripe's does), and a paid or already expired one keeps its own status.
it("an open test checkout is expired from its expiry's own millisecond, and only an open one", () => {
  const expiresAt = new Date("2026-11-29T10:00:00.000Z");
  const row = (status: TestSessionRow["status"]) => ({ status, expiresAt }) as TestSessionRow;
  const at = (ms: number) => new Date(expiresAt.getTime() + ms);

  expect(effectiveStatus(row("open"), at(-1))).toBe("open");
  expect(effectiveStatus(row("open"), at(0))).toBe("expired");
  expect(effectiveStatus(row("open"), at(1))).toBe("expired");
  expect(effectiveStatus(row("complete"), at(1))).toBe("complete");
  expect(effectiveStatus(row("complete"), at(-1))).toBe("complete");
});

import { expect, it } from "vitest";
import { waitText } from "../../server/security/public-limits.server.ts";

// A public 429 says how long to wait: seconds under a minute, then minutes rounded up.
it("a public limit's wait reads in seconds under a minute, then in whole minutes rounded up", () => {
  expect([1, 2, 30, 59, 60, 61, 119, 120, 240].map(waitText)).toEqual([
    "1 second",
    "2 seconds",
    "30 seconds",
    "59 seconds",
    "1 minute",
    "2 minutes",
    "2 minutes",
    "2 minutes",
    "4 minutes",
  ]);
});

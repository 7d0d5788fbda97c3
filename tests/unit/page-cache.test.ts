import { describe, expect, it } from "vitest";
import { sharedAnswerKind } from "../../server/cache/cacheable.ts";
import { chooseEncoding } from "../../server/cache/page-cache.server.ts";

const kind = (method: string, target: string) => {
  const url = new URL(target, "http://site");
  return sharedAnswerKind(method, url.pathname, url.searchParams);
};

describe("which answers are shared between visitors", () => {
  it.each([
    ["/", "page"],
    ["/adventures", "page"],
    ["/adventures?category=camping&skill=beginner&sort=price-low", "page"],
    ["/adventures/dive-exhibition", "page"],
    ["/gallery?category=underwater", "page"],
    ["/faq", "page"],
    ["/book", "page"],
    ["/book?adventure=dive-exhibition", "page"],
    ["/cancellation", "page"],
    // React Router asks for the home page's data at /_.data.
    ["/_.data", "data"],
    ["/adventures.data?_routes=routes%2Fpublic%2Fadventures", "data"],
    ["/book.data?adventure=dive-exhibition&_routes=routes%2Fpublic%2Fbook", "data"],
    ["/api/adventures-pro", "resource"],
    ["/api/adventures/dive-exhibition/dates", "resource"],
    ["/sitemap.xml", "resource"],
  ])("%s is shared as %s", (target, expected) => {
    expect(kind("GET", target)).toBe(expected);
    expect(kind("HEAD", target)).toBe(expected);
  });

  it.each([
    // A payment's outcome and a waitlist offer name one visitor.
    "/book?session_id=cs_test_123",
    "/book?adventure=dive-exhibition&session_id=cs_test_123",
    "/book?offer=abc&adventure=dive-exhibition&date=2026-12-05",
    "/book.data?offer=abc&_routes=routes%2Fpublic%2Fbook",
    "/book/success?session_id=cs_test_123",
    "/my-booking/abcdef",
    "/my-booking/abcdef.data",
    "/checkout/test/cs_test_1",
    "/newsletter/unsubscribe/token",
    "/admin",
    "/admin/bookings",
    "/api/bookings",
    "/api/admin/faqs",
    "/api/payments/v1/checkout/status/cs_test_1",
    "/adventures/Dive-Exhibition",
    "/adventures/",
    // Other spellings of a shared address are sent to it (308), never cached under their own key.
    "/BOOK",
    "/Book.data",
    "/book/_.data",
    // Parameters a page does not read: a campaign tag, junk that would fill the cache.
    "/?utm_source=newsletter",
    "/faq?x=1",
    "/adventures?category=camping&nonsense=1",
    "/gallery?adventure=dive-exhibition",
  ])("%s is rendered for its request alone", (target) => {
    expect(kind("GET", target)).toBeNull();
  });

  it("never shares a write", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(kind(method, "/contact")).toBeNull();
      expect(kind(method, "/api/adventures-pro")).toBeNull();
    }
  });
});

describe("the encoding of a shared answer", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", null],
    ["identity", null],
    ["", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["br; q=0, gzip", "gzip"],
    ["br ;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=1", "br"],
    ["br;level=1", "br"],
    ["gzip;q=0, br ;q=1", "br"],
  ])("Accept-Encoding %j gives %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

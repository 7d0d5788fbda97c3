import { describe, expect, it } from "vitest";
import { ROUTES } from "../../app/route-policy.ts";
import { isAdminOnly } from "../../server/api/admin-auth.server.ts";
import { loggedQuery, matchRoute, redactPath } from "../../server/route-match.server.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";

const TOKEN = "q3J-9_xZ0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w";

describe("one normalisation of an address", () => {
  it.each([
    ["/book", "/book"],
    ["/BOOK", "/book"],
    ["/book/", "/book"],
    ["//book//", "/book"],
    ["/%62ook", "/book"],
    ["/Book.data", "/book.data"],
    ["/book/_.data", "/book.data"],
    ["/_.data", "/_.data"],
    ["/", "/"],
    [`/MY-BOOKING/${TOKEN}/`, `/my-booking/${TOKEN}`],
    [`/My-Booking/${TOKEN}/Participants/2.data`, `/my-booking/${TOKEN}/participants/2.data`],
  ])("%s is the page at %s", (asked, canonical) => {
    expect(matchRoute(asked).canonical).toBe(canonical);
  });

  it("keeps a token's letter case: it is base64url, and another case is another token", () => {
    const match = matchRoute(`/MY-BOOKING/${TOKEN}`);
    expect(match.policy.path).toBe("/my-booking/:token");
    expect(match.params).toEqual({ token: TOKEN });
  });

  it("prefers a static segment to a parameter, as React Router does", () => {
    expect(matchRoute("/my-booking/date-changed").policy.path).toBe("/my-booking/date-changed");
    expect(matchRoute("/My-Booking/Date-Changed/").policy.path).toBe("/my-booking/date-changed");
    expect(matchRoute("/api/admin/login").policy.path).toBe("/api/admin/login");
    expect(matchRoute("/admin/anything/else").policy.path).toBe("/admin/*");
    expect(matchRoute("/no/such/page").policy.path).toBe("/*");
  });
});

describe("budgets, admin and log redaction read the normalised address", () => {
  it("a write at any spelling of a page spends that page's budget", () => {
    for (const path of ["/book", "/BOOK", "/book/", "/Book.data", "/book/_.data"]) {
      expect(limitFor("POST", path)?.name, path).toBe("booking");
    }
    expect(limitFor("POST", "/CONTACT/")?.name).toBe("contact");
    expect(limitFor("POST", `/MY-BOOKING/${TOKEN}/REVIEW`)?.name).toBe("review");
    expect(limitFor("POST", "/API/BOOKINGS")?.name).toBe("booking");
  });

  it("limits what writes or asks the payment provider on GET, and the view beacon", () => {
    expect(limitFor("GET", "/gift-vouchers/success")?.name).toBe("checkout-return");
    expect(limitFor("GET", "/my-booking/date-changed")?.name).toBe("checkout-return");
    expect(limitFor("GET", "/book/success")?.name).toBe("checkout-return");
    expect(limitFor("GET", "/gift-vouchers/success.data")?.name).toBe("checkout-return");
    expect(limitFor("POST", "/api/adventures/dive-exhibition/view")?.name).toBe("view");
    expect(limitFor("POST", "/newsletter")?.name).toBe("newsletter");
    expect(limitFor("GET", "/newsletter")).toBeUndefined();
  });

  it("the admin token guards the same addresses at any spelling of the path", () => {
    expect(isAdminOnly("GET", "/api/admin/")).toBe(true);
    expect(isAdminOnly("GET", "/api/admin")).toBe(true);
    expect(isAdminOnly("GET", "/api/bookings/")).toBe(true);
    expect(isAdminOnly("POST", "/api/admin/login/")).toBe(false);
  });

  it("redacts secrets wherever the address is spelled differently, and under addresses no row names", () => {
    expect(redactPath(`/MY-BOOKING/${TOKEN}`)).toBe("/my-booking/[redacted]");
    expect(redactPath(`/my-booking/${TOKEN}/`)).toBe("/my-booking/[redacted]");
    expect(redactPath(`/My-Booking/${TOKEN}/nothing/here`)).toBe("/my-booking/[redacted]/nothing/here");
    expect(redactPath(`/NEWSLETTER/UNSUBSCRIBE/${TOKEN}.data`)).toBe(
      "/newsletter/unsubscribe/[redacted].data",
    );
    expect(redactPath("/Checkout/Test/cs_test_a1B2c3")).toBe("/checkout/test/[redacted]");
    expect(redactPath("/my-booking/date-changed")).toBe("/my-booking/date-changed");
  });

  it("logs only the query parameters a route declares, every other value as [redacted]", () => {
    expect(loggedQuery(matchRoute("/"), "?email=ava%40example.com")).toBe("email=[redacted]");
    expect(loggedQuery(matchRoute("/adventures"), "?category=camping&sort=price-low")).toBe(
      "category=camping&sort=price-low",
    );
    expect(loggedQuery(matchRoute("/book"), "?adventure=x&offer=abc&session_id=cs_test_1")).toBe(
      "adventure=x&offer=[redacted]&session_id=[redacted]",
    );
    expect(loggedQuery(matchRoute("/adventures.data"), "?_routes=a%2Cb")).toBe("_routes=a%2Cb");
    expect(loggedQuery(matchRoute("/"), "?ava%40example.com")).toBe("[redacted]");
    expect(loggedQuery(matchRoute("/"), "")).toBeUndefined();
  });
});

describe("the route table", () => {
  it("writes static segments in lower case (the canonical spelling) and names each path once", () => {
    const statics = ROUTES.flatMap((r) => r.path.split("/").filter((s) => s && !s.startsWith(":")));
    expect(statics.filter((s) => s !== s.toLowerCase())).toEqual([]);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it("names as secret only parameters its path has", () => {
    const wrong = ROUTES.flatMap((r) =>
      (r.secrets ?? [])
        .filter((name) => !r.path.split("/").includes(`:${name}`))
        .map((n) => `${r.path} ${n}`),
    );
    expect(wrong).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { isOwnOrigin, ownUrl, withSessionParam } from "../../server/payments/urls.server.ts";

// Redirect targets handed to the payment provider and back to the payer: only our own origin.
describe("redirect targets beyond the booking flow's own cases", () => {
  it("keeps a plain-http site's own URLs (the default address on a developer's machine)", () => {
    expect(ownUrl("/book", "http://localhost:5173", "F")).toBe("http://localhost:5173/book");
    expect(ownUrl(" http://localhost:5173/book ", "http://localhost:5173", "F")).toBe(
      "http://localhost:5173/book",
    );
  });

  it("never lets a script or data URL through, even when the site's address has no origin of its own", () => {
    // "javascript:" and "data:" URLs have the opaque origin "null", like any non-web address.
    for (const bad of ["javascript:alert(1)", "data:text/html,x"]) {
      expect(ownUrl(bad, "app:tidewater", "F")).toBe("F");
    }
  });

  it("refuses credentials in the URL, a user name alone or a password alone", () => {
    const site = "https://tidewater.example";
    expect(ownUrl("https://user@tidewater.example/", site, "F")).toBe("F");
    expect(ownUrl("https://:pw@tidewater.example/", site, "F")).toBe("F");
  });

  it("drops the fragment, falls back on empty or unparsable input", () => {
    const site = "https://tidewater.example";
    expect(ownUrl("/book#pay", site, "F")).toBe("https://tidewater.example/book");
    expect(ownUrl("   ", site, "F")).toBe("F");
    expect(ownUrl("", site, "F")).toBe("F");
    expect(ownUrl("https://[", site, "F")).toBe("F");
  });

  it("names our origin only when the value is exactly it", () => {
    const site = "https://tidewater.example/some/path";
    expect(isOwnOrigin("https://tidewater.example", site)).toBe(true);
    expect(isOwnOrigin("https://tidewater.example/other", site)).toBe(true);
    expect(isOwnOrigin("https://evil.example", site)).toBe(false);
    expect(isOwnOrigin("not a url", site)).toBe(false);
    expect(isOwnOrigin(42, site)).toBe(false);
  });

  it("fills in a given session id where the placeholder stands", () => {
    expect(withSessionParam("https://t.example/book?session_id={CHECKOUT_SESSION_ID}", "cs_9")).toBe(
      "https://t.example/book?session_id=cs_9",
    );
    expect(withSessionParam("https://t.example/book?session_id={CHECKOUT_SESSION_ID}")).toBe(
      "https://t.example/book?session_id={CHECKOUT_SESSION_ID}",
    );
  });
});

describe("redirect targets, the edges", () => {
  const site = "https://tidewater.example";
  it("trims a path given with spaces before it", () => {
    expect(ownUrl(" /book", site, "F")).toBe("https://tidewater.example/book");
  });
  it("refuses a relative path that does not start with a slash", () => {
    expect(ownUrl("book", site, "F")).toBe("F");
    expect(ownUrl("evil.example/book", site, "F")).toBe("F");
  });
  it("takes only a string as our origin, not a URL object", () => {
    expect(isOwnOrigin(new URL(site), site)).toBe(false);
  });
  it("fills the placeholder where it stands, without adding a second session id", () => {
    expect(withSessionParam("https://t.example/return/{CHECKOUT_SESSION_ID}", "cs_9")).toBe(
      "https://t.example/return/cs_9",
    );
  });
});

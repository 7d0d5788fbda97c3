import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedAnswerKind } from "../../server/cache/cacheable.ts";
import { deferHydration } from "../../server/cache/defer-hydration.server.ts";
import { chooseEncoding } from "../../server/cache/page-cache.server.ts";
import { inlineScriptHashes } from "../../server/security/headers.server.ts";

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
  ])("Accept-Encoding %j gives %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("the hashes a shared page's policy lists", () => {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("covers every inline script a browser runs, and nothing else", () => {
    const html = [
      `<script>window.a = 1;</script>`,
      `<script type="module" async="">import "/assets/x.js";</script>`,
      `<script type="application/ld+json">{"@type":"Thing"}</script>`,
      `<script src="/assets/y.js"></script>`,
      `<SCRIPT>window.b = "</div>";</SCRIPT>`,
      `<script>window.a = 1;</script>`,
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      hash("window.a = 1;"),
      hash(`import "/assets/x.js";`),
      hash(`window.b = "</div>";`),
    ]);
  });
});

describe("a shared page's scripts wait for its first paint", () => {
  const page = [
    "<html><head>",
    '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
    '<link rel="modulepreload" href="/assets/root-B.js"/>',
    '<link rel="stylesheet" href="/assets/x.css"/>',
    "</head><body><main>Hello</main>",
    "<script>window.__reactRouterContext = {};</script>",
    '<script type="module" async="">import * as r from "/assets/root-B.js";\nwindow.x = "<!--<b>";</script>',
    "</body></html>",
  ].join("");

  it("takes the preloads out and turns the module script into a loader that adds both back", () => {
    const { html, moduleScript } = deferHydration(page);
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/x.css"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(moduleScript).toBe('import * as r from "/assets/root-B.js";\nwindow.x = "<!--<b>";');
    // The module's text travels as a string literal with no "<" that could end or comment out the element.
    const loader = /<script>(\(\(\)=>[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).not.toContain("<");
    expect(loader).toContain('"/assets/entry.client-A.js","/assets/root-B.js"');
  });

  it("in a browser, adds the preloads and the module script after the first paint, once", () => {
    const { html, moduleScript } = deferHydration(page);
    const loader = /<script>(\(\(\)=>[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const added: { tag: string; rel?: string; href?: string; type?: string; text?: string }[] = [];
    let observed: ((list: unknown, observer: { disconnect(): void }) => void) | undefined;
    const element = (tag: string) => ({ tag }) as (typeof added)[number];
    const fakeDocument = {
      visibilityState: "visible",
      createElement: element,
      head: { append: (e: (typeof added)[number]) => added.push(e) },
      body: { append: (e: (typeof added)[number]) => added.push(e) },
    };
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: typeof observed) {
        observed = callback;
      }
      observe() {}
    }
    new Function("document", "PerformanceObserver", "addEventListener", loader)(
      fakeDocument,
      FakeObserver,
      () => {},
    );
    expect(added).toEqual([]);
    observed?.([], { disconnect() {} });
    observed?.([], { disconnect() {} });
    expect(added.map((e) => e.href ?? e.type)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/root-B.js",
      "module",
    ]);
    expect(added[2].text ?? (added[2] as { textContent?: string }).textContent).toBe(moduleScript);
  });

  it("leaves a page without React Router's module script as it is", () => {
    expect(deferHydration("<p>plain</p>")).toEqual({ html: "<p>plain</p>", moduleScript: null });
  });
});

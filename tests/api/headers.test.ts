/**
 * Headers and secrets: a Content-Security-Policy on every page (a nonce per
 * request, or script hashes on pages shared between visitors),
 * HSTS and a Permissions-Policy on every answer, uploads that are not images served as sandboxed
 * downloads, and request log lines without checkout session ids.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/lib/context.ts";
import { createApp } from "../../server/app.server.ts";
import { HYDRATION_SCRIPT } from "../../server/cache/defer-hydration.server.ts";
import { image, pdf } from "../fixtures/files.ts";
import { routerPage, runnableInlineScripts } from "../fixtures/router-page.ts";
import { login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tw-headers-test-"));
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An inline script the application defines (as app/lib/inline-scripts.ts lists them). */
const APP_SCRIPT = "window.__page = 1;";
/** What content or a bug could put into a page: no part of the application. */
const INJECTED = "alert(1)";

/**
 * The app with a page renderer that records the nonce the server handed it:
 * a page as React Router writes it, with the application's script in its head
 * and an injected script in its content.
 */
function withPages(services = t.services) {
  const nonces: (string | undefined)[] = [];
  const app = createApp(services, {
    inlineScripts: async () => [APP_SCRIPT],
    renderDocument: async (_request, context: RouterContextProvider) => {
      nonces.push(context.get(appContext).nonce);
      const html = routerPage({
        head: `<title>x</title><script>${APP_SCRIPT}</script>`,
        body: `<main><h1>Hello</h1><p>Operator text</p><script>${INJECTED}</script></main>`,
      });
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    },
  });
  return { app, nonces };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );

const STRICT_DIRECTIVES = {
  "default-src": "'self'",
  "object-src": "'none'",
  "base-uri": "'none'",
  "frame-ancestors": "'none'",
  "form-action": "'self'",
  "img-src": "'self' data: blob:",
  "style-src": "'self' 'unsafe-inline'",
  "connect-src": "'self'",
  "font-src": "'self'",
};

describe("Content-Security-Policy", () => {
  it("a page rendered for one visitor carries a policy with this request's nonce and the strict directives", async () => {
    const { app, nonces } = withPages();
    const first = await app.request("/book/success?session_id=cs_test_1");
    const second = await app.request("/my-booking/some-token");
    const policies = [first, second].map((r) => r.headers.get("content-security-policy") ?? "");
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [i, policy] of policies.entries()) {
      expect(directives(policy)).toEqual({
        ...STRICT_DIRECTIVES,
        "script-src": `'nonce-${nonces[i]}' 'strict-dynamic'`,
      });
    }
  });

  it("a page shared between visitors has no nonce: its policy names the application's inline scripts by hash, never an injected one", async () => {
    const { app, nonces } = withPages();
    const res = await app.request("/contact");
    expect(nonces).toEqual([undefined]);
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(directives(policy)).toEqual({
      ...STRICT_DIRECTIVES,
      "script-src": `'self' ${sha256(APP_SCRIPT)} ${sha256(HYDRATION_SCRIPT)}`,
    });
    // The injected script is served as it was written, and the policy gives the browser no way to run it.
    const html = await res.text();
    const scripts = runnableInlineScripts(html);
    expect(scripts).toContain(INJECTED);
    expect(policy).not.toContain(sha256(INJECTED));
    expect(directives(policy)["script-src"]).not.toMatch(/'unsafe-inline'|'nonce-|'strict-dynamic'/);
    // Every other script it carries is the application's own, or the hydration script that stands
    // for React Router's (its per-page scripts are data: nothing per page needs a hash).
    expect(scripts.filter((s) => s !== INJECTED).map(sha256)).toEqual(
      [APP_SCRIPT, HYDRATION_SCRIPT].map(sha256),
    );
    // Served again from memory, with the same policy.
    const again = await app.request("/contact");
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.headers.get("content-security-policy")).toBe(policy);
  });

  it("lets forms reach Stripe Checkout only when Stripe takes the payments", async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    try {
      const res = await withPages(stripe.services).app.request("/book");
      const policy = directives(res.headers.get("content-security-policy") ?? "");
      expect(policy["form-action"]).toBe("'self' https://checkout.stripe.com");
      expect(policy["script-src"]).not.toContain("stripe");
    } finally {
      await stripe.close();
    }
  });

  it("JSON answers have no page policy to parse but keep the other headers", async () => {
    const res = await t.app.request("/api/adventures-pro");
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("HSTS and framing", () => {
  it("HSTS is one year with subdomains, and framing is refused, on every answer: pages, API, errors", async () => {
    const { app } = withPages();
    for (const res of [
      await app.request("/"),
      await t.app.request("/api/adventures-pro"),
      await t.app.request("/api/nope"),
      await t.app.request("/api/admin/faqs/%00"),
    ]) {
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});

describe("Permissions-Policy", () => {
  const features = (header: string | null) =>
    Object.fromEntries(
      (header ?? "").split(",").map((d) => {
        const [name, allow] = d.trim().split("=");
        return [name, allow];
      }),
    );

  it("denies camera, microphone, geolocation, payment and the other powerful features on every answer", async () => {
    const { app } = withPages();
    for (const res of [
      await app.request("/"),
      await app.request("/my-booking/some-token"),
      await t.app.request("/api/adventures-pro"),
      await t.app.request("/api/nope"),
      await t.app.request("/robots.txt"),
    ]) {
      const policy = features(res.headers.get("permissions-policy"));
      for (const denied of [
        "camera",
        "microphone",
        "geolocation",
        "payment",
        "usb",
        "display-capture",
        "browsing-topics",
      ]) {
        expect(policy[denied], denied).toBe("()");
      }
      // The admin console copies recovery codes and links: only this origin may write the clipboard.
      expect(policy["clipboard-write"]).toBe("(self)");
      // Nothing is granted to other origins.
      for (const [name, allow] of Object.entries(policy)) expect(["()", "(self)"], name).toContain(allow);
    }
  });
});

describe("uploads", () => {
  async function uploaded(name: string, data: Buffer, type: string) {
    const token = await login(t);
    const form = new FormData();
    form.append("files", new File([new Uint8Array(data)], name, { type }));
    const res = await t.app.request("/api/admin/media/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { items: { url: string }[] };
    return t.app.request(body.items[0].url);
  }

  it("a file that is not an image is a download under a sandbox policy", async () => {
    const res = await uploaded("terms.pdf", pdf(), "application/pdf");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a part of a file (a video's range request) is a download too; a missing upload is only a 404", async () => {
    const token = await login(t);
    const form = new FormData();
    form.append("files", new File([new Uint8Array(pdf())], "terms.pdf", { type: "application/pdf" }));
    const stored = await t.app.request("/api/admin/media/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const url = ((await stored.json()) as { items: { url: string }[] }).items[0].url;
    const part = await t.app.request(url, { headers: { Range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(part.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");

    const missing = await t.app.request("/uploads/gallery/none-such.pdf");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-disposition")).toBeNull();
    expect(missing.headers.get("cache-control")).not.toBe("public, max-age=604800");
  });

  it("an image is still shown inline", async () => {
    const res = await uploaded("reef.png", await image("png"), "image/png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("public, max-age=604800");
  });
});

describe("a private address", () => {
  it("a booking link's page is never kept, indexed or named in a Referer to another site", async () => {
    const res = await withPages().app.request("/my-booking/not-a-real-token-but-private");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });
});

describe("request log", () => {
  it("never holds a checkout session id", async () => {
    const before = t.logs.length;
    const id = "cs_test_SecretSession1234567890";
    await t.app.request(`/api/payments/v1/checkout/status/${id}`);
    await t.app.request(`/api/payments/v1/test-checkout/${id}/pay`, { method: "POST" });
    const { app } = withPages();
    await app.request(`/checkout/test/${id}`);
    const lines = t.logs.slice(before);
    expect(lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(2);
    expect(lines.join("")).not.toContain("SecretSession");
  });
});

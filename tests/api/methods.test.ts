/**
 * A method a path does not serve is the client's mistake: 405 with `Allow`
 * naming what the path does serve (OPTIONS answers 204 with the same), logged
 * as the request's one info line, never as an error. The pages here are a
 * route manifest shaped as the build's; the requests go over a real socket,
 * as TRACE cannot be made into a fetch Request.
 */
import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.server.ts";
import { pageMethodsOf } from "../../server/methods.server.ts";
import { sendMethod } from "../helpers/http-raw.ts";
import { PAGE_ROUTES } from "../helpers/page-manifest.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
let server: Server;
let base: string;
/** What reached the page renderer: nothing a page does not serve may. */
const rendered: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const app = createApp(t.services, {
    renderDocument: async (request) => {
      rendered.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
    },
    pageMethods: pageMethodsOf(PAGE_ROUTES),
  });
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Log lines above info, or with a stack, since `from`. */
const loud = (from: number) =>
  t.logs.slice(from).filter((l) => !l.includes('"level":"info"') || l.includes('"stack"'));

describe("a method a page does not serve", () => {
  it.each(["TRACE", "PROPFIND", "LOCK", "M-SEARCH", "PUT", "PATCH", "DELETE"])(
    "%s is a 405 with Allow, never reaching the page, logged at info",
    async (method) => {
      const from = t.logs.length;
      for (const [path, allow] of [
        ["/", "GET, HEAD, OPTIONS"],
        ["/adventures", "GET, HEAD, OPTIONS"],
        ["/contact", "GET, HEAD, POST, OPTIONS"],
        ["/my-booking/abc", "GET, HEAD, POST, OPTIONS"],
        ["/no/such/page", "GET, HEAD, OPTIONS"],
        ["/healthz", "GET, HEAD, OPTIONS"],
      ]) {
        const res = await sendMethod(`${base}${path}`, method);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      }
      expect(rendered.filter((r) => r.startsWith(`${method} `))).toEqual([]);
      expect(loud(from)).toEqual([]);
    },
  );

  it("POST is one only where the page has an action", async () => {
    const from = t.logs.length;
    expect((await sendMethod(`${base}/`, "POST")).status).toBe(405);
    expect((await sendMethod(`${base}/adventures.data`, "POST")).status).toBe(405);
    expect((await sendMethod(`${base}/contact`, "POST")).status).toBe(200);
    expect((await sendMethod(`${base}/contact.data`, "POST")).status).toBe(200);
    expect(rendered.filter((r) => r.startsWith("POST "))).toEqual(["POST /contact", "POST /contact.data"]);
    expect(loud(from)).toEqual([]);
  });

  it("OPTIONS answers 204 with what the page serves", async () => {
    const res = await sendMethod(`${base}/contact`, "OPTIONS");
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    expect((await sendMethod(`${base}/`, "GET")).status).toBe(200);
  });
});

describe("a method an API path does not serve", () => {
  it("is a 405 with Allow where the path exists, in the API's JSON shape", async () => {
    const from = t.logs.length;
    for (const [method, path, allow] of [
      ["PUT", "/api/contact", "GET, HEAD, POST, OPTIONS"],
      ["DELETE", "/api/adventures-pro", "GET, HEAD, OPTIONS"],
      ["TRACE", "/api/adventures-pro", "GET, HEAD, OPTIONS"],
      ["PROPFIND", "/api/newsletter/subscribe", "POST, OPTIONS"],
      ["GET", "/api/newsletter/subscribe", "POST, OPTIONS"],
      ["POST", "/api/adventures/dive-exhibition/dates", "GET, HEAD, OPTIONS"],
    ]) {
      const res = await sendMethod(`${base}${path}`, method);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      expect(JSON.parse(res.body), `${method} ${path}`).toEqual({ detail: expect.stringContaining(allow) });
    }
    expect(loud(from)).toEqual([]);
  });

  it("keeps every served method's own answer, and the 404 of a path nothing serves", async () => {
    expect((await t.app.request("/api/adventures-pro")).status).toBe(200);
    expect((await t.app.request("/api/adventures-pro", { method: "HEAD" })).status).toBe(200);
    // The admin list answers 401 to a stranger, before and after.
    expect((await t.app.request("/api/contact")).status).toBe(401);
    const sent = await t.app.request(
      "/api/contact",
      jsonRequest("POST", {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: "",
        adventure_type: "general",
        message: "Hello",
      }),
    );
    expect(sent.status).toBe(201);
    const missing = await t.app.request("/api/no-such-thing", { method: "DELETE" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: "No API route for DELETE /api/no-such-thing" });
    const options = await t.app.request("/api/no-such-thing", { method: "OPTIONS" });
    expect(options.status).toBe(404);
  });
});

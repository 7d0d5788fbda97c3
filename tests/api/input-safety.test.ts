/**
 * Bad input never answers 5xx: text the database cannot store (NUL, lone
 * surrogates, other control characters) in any field, path or query is a 400
 * naming where it was; database errors caused by input are 4xx; bodies are
 * bounded and JSON routes want JSON; nothing a customer typed reaches the log.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.server.ts";
import { fromDatabaseError } from "../../server/errors.server.ts";
import { MAX_FORM_BYTES } from "../../server/security/request-input.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

/** The contact form's JSON with this email and message. */
const contactPayload = (email: string, message: string) => ({
  first_name: "Mia",
  last_name: "Nguyen",
  email,
  phone: "",
  adventure_type: "general",
  message,
});

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(t);
});
afterAll(async () => {
  await t?.close();
});

async function expectBadField(res: Response, field: string, message: RegExp) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { detail: string; errors: Record<string, string> };
  expect(body.detail).toMatch(new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
  expect(body.errors[field]).toMatch(message);
  return body;
}

describe("text the database cannot store", () => {
  it("a NUL in a booking name is a 400 naming the field, and the log holds no customer data", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition");
    const before = t.logs.length;
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          selected_date: date,
          customer_first_name: "Mia\u0000",
          customer_email: "nul.probe@example.com",
          special_requirements: "peanut allergy",
        }),
      ),
    );
    await expectBadField(res, "customer_first_name", /control characters/);
    const logged = t.logs.slice(before).join("");
    expect(logged).not.toContain("nul.probe@example.com");
    expect(logged).not.toContain("peanut");
    expect(logged).not.toMatch(/Failed query|params:/);
  });

  it("a lone surrogate in a contact message is a 400 naming the field", async () => {
    const res = await t.app.request(
      "/api/contact",
      jsonRequest("POST", contactPayload("surrogate@example.com", "Hello \uD800 there, is Saturday on?")),
    );
    await expectBadField(res, "message", /invalid characters/);
  });

  it("a NUL nested in an admin JSON body names the nested path", async () => {
    const res = await t.app.request(
      "/api/admin/faqs",
      authed(token, "POST", {
        question: "Q?",
        answer: "A",
        category: "General",
        extra: { deep: ["ok", "x\u0000"] },
      }),
    );
    await expectBadField(res, "extra.deep.1", /control characters/);
  });

  it("/api/admin/faqs/%00 with a valid admin token is a 400, not a 5xx", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await t.app.request(
        "/api/admin/faqs/%00",
        authed(
          token,
          method,
          method === "PUT" ? { question: "Q?", answer: "A", category: "General" } : undefined,
        ),
      );
      await expectBadField(res, "path", /control characters/);
    }
  });

  it("a NUL session id on the status check is a 400, not a 502", async () => {
    const res = await t.app.request("/api/payments/v1/checkout/status/cs_test_%00abc");
    await expectBadField(res, "path", /control characters/);
  });

  it("a malformed percent-encoding in the path or query is a 400", async () => {
    const path = await t.app.request("/api/adventures/%E0%A4%A/dates");
    await expectBadField(path, "path", /percent-encoding/);
    const query = await t.app.request("/api/bookings?q=%E0%A4%A", authed(token));
    await expectBadField(query, "q", /percent-encoding/);
  });

  it("a NUL or a lone surrogate in a query parameter is a 400 naming the parameter", async () => {
    const nul = await t.app.request("/api/bookings?q=mia%00", authed(token));
    await expectBadField(nul, "q", /control characters/);
    // A lone surrogate cannot be percent-encoded as UTF-8: its would-be bytes are refused as bad encoding.
    const lone = await t.app.request("/api/bookings?status=%ED%A0%80", authed(token));
    await expectBadField(lone, "status", /percent-encoding/);
  });

  it("a NUL in an upload's form field is a 400 naming the field", async () => {
    const form = new FormData();
    form.append("folder", "general\u0000");
    form.append(
      "files",
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }),
      "a.png",
    );
    const res = await t.app.request("/api/admin/media/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    await expectBadField(res, "folder", /control characters/);
  });
});

describe("database errors caused by input", () => {
  /** Runs a statement PostgreSQL refuses and returns the error Drizzle throws for it. */
  async function refusal(statement: ReturnType<typeof sql>) {
    try {
      await t.db.execute(statement);
    } catch (error) {
      return error;
    }
    throw new Error("the statement succeeded");
  }

  it("map to 4xx without quoting SQL or values, on this database", async () => {
    const cases: [ReturnType<typeof sql>, number, RegExp][] = [
      [sql`select ${"twelve"}::int`, 400, /wrong format/],
      [sql`select ${"99999999999"}::int`, 400, /out of range/],
      [sql`select ${"0000-00-00"}::date`, 400, /date or time/],
      [sql`select ${"2024-02-30"}::date`, 400, /date or time/],
      [sql`select ${"a\u0000b"}::text`, 400, /cannot be stored/],
      [sql`select chr(0)`, 400, /cannot be stored/],
    ];
    for (const [statement, status, message] of cases) {
      const error = await refusal(statement);
      const mapped = fromDatabaseError(error);
      expect(mapped, String((error as Error).message)).not.toBeNull();
      expect(mapped?.status).toBe(status);
      expect(mapped?.message).toMatch(message);
      expect(mapped?.message).not.toMatch(/select|twelve|9999|abcdef/);
    }
  });

  it("a value too long, a broken check, a duplicate key and foreign keys map to 4xx", async () => {
    // A real table: on PostgreSQL each statement may run on another pooled connection.
    await t.db.execute(sql`create table probe (id text primary key, n int check (n > 0), code varchar(2))`);
    const long = fromDatabaseError(await refusal(sql`insert into probe values ('c', 1, ${"abcdef"})`));
    expect(long?.status).toBe(400);
    expect(long?.message).toMatch(/too long/);
    const check = fromDatabaseError(await refusal(sql`insert into probe values ('a', -1)`));
    expect(check?.status).toBe(400);
    await t.db.execute(sql`insert into probe values ('b', 1)`);
    const duplicate = fromDatabaseError(await refusal(sql`insert into probe values ('b', 2)`));
    expect(duplicate?.status).toBe(409);
    // A reference to a row that does not exist is the input's fault (400); removing a row still referred to is a conflict (409).
    await t.db.execute(
      sql`create table probe_child (id text primary key, parent text references probe (id))`,
    );
    const dangling = fromDatabaseError(await refusal(sql`insert into probe_child values ('x', 'nope')`));
    expect(dangling?.status).toBe(400);
    await t.db.execute(sql`insert into probe_child values ('y', 'b')`);
    const inUse = fromDatabaseError(await refusal(sql`delete from probe where id = 'b'`));
    expect(inUse?.status).toBe(409);
    await t.db.execute(sql`drop table probe_child`);
    await t.db.execute(sql`drop table probe`);
  });

  it("a fault of ours is not mapped (stays a 500)", async () => {
    expect(fromDatabaseError(await refusal(sql`select * from no_such_table`))).toBeNull();
    expect(fromDatabaseError(new Error("boom"))).toBeNull();
  });
});

describe("JSON routes want JSON", () => {
  const contact = contactPayload("ctype@example.com", "Hello");

  it("refuses a form-encoded or text/plain body with 415 naming Content-Type (a cross-site form post)", async () => {
    for (const type of [
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await t.app.request("/api/contact", {
        method: "POST",
        headers: { "Content-Type": type },
        body: JSON.stringify(contact),
      });
      expect(res.status, type).toBe(415);
      const body = (await res.json()) as { detail: string; errors: Record<string, string> };
      expect(body.detail).toMatch(/Content-Type/);
      expect(body.errors["content-type"]).toMatch(/application\/json/);
    }
    const none = await t.app.request("/api/contact", { method: "POST", body: JSON.stringify(contact) });
    expect(none.status).toBe(415);
  });

  it("accepts application/json with a charset and +json types", async () => {
    for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const res = await t.app.request("/api/contact", {
        method: "POST",
        headers: { "Content-Type": type },
        body: JSON.stringify({ ...contact, email: `ctype.${type.length}@example.com` }),
      });
      expect(res.status, type).toBe(201);
    }
  });
});

describe("body limits", () => {
  it("the Stripe webhook refuses a body over 256 KB with 413, also when streamed without a length", async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    try {
      const huge = JSON.stringify({ id: "evt_big", padding: "x".repeat(300 * 1024) });
      const res = await stripe.app.request("/api/payments/v1/webhook/stripe", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=abc" },
        body: huge,
      });
      expect(res.status).toBe(413);

      let sent = 0;
      const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          if (sent > 64) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const streamed = await stripe.app.request("/api/payments/v1/webhook/stripe", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=abc" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(sent).toBeLessThan(10);
    } finally {
      await stripe.close();
    }
  });

  describe("a page's form post (the contact form without JavaScript)", () => {
    /** The app with a page renderer that reads the form as a React Router action would. */
    function withPages() {
      const seen: { fields: number; bytes: number }[] = [];
      const app = createApp(t.services, {
        renderDocument: async (request) => {
          const form = await request.formData();
          const bytes = [...form.values()].reduce((n, v) => n + String(v).length, 0);
          seen.push({ fields: [...form.keys()].length, bytes });
          return new Response("<!doctype html><p>ok</p>", { headers: { "Content-Type": "text/html" } });
        },
      });
      return { app, seen };
    }

    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

    it("passes an ordinary form through to the action", async () => {
      const { app, seen } = withPages();
      const res = await app.request("/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form({ first_name: "Mia", message: "Line one\r\nLine two" }),
      });
      expect(res.status).toBe(200);
      expect(seen).toEqual([{ fields: 2, bytes: "MiaLine one\r\nLine two".length }]);
    });

    it("refuses a body over the limit with 413 before the action reads it", async () => {
      const { app, seen } = withPages();
      const res = await app.request("/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form({ first_name: "Mia", message: "x".repeat(MAX_FORM_BYTES + 1) }),
      });
      expect(res.status).toBe(413);
      expect(seen).toEqual([]);

      const chunk = new TextEncoder().encode("message=".padEnd(16 * 1024, "y"));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          if (sent > 200) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const streamed = await app.request("/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(sent).toBeLessThan(10);
      expect(seen).toEqual([]);
    });

    it("refuses a NUL in a form field with a 400 naming the field", async () => {
      const { app, seen } = withPages();
      const res = await app.request("/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "first_name=Mia%00&message=hello",
      });
      await expectBadField(res, "first_name", /control characters/);
      expect(seen).toEqual([]);
    });

    it("checks a form sent with a charset too, and names the body for a bad field name", async () => {
      const { app, seen } = withPages();
      const post = (body: string) =>
        app.request("/contact", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
          body,
        });
      await expectBadField(await post("first_name=Mia%00"), "first_name", /control characters/);
      await expectBadField(await post("first%00name=Mia"), "body", /^parameter names must not contain/);
      expect(seen).toEqual([]);
    });

    it("reads a multipart form's fields as typed (a % is text there, not an escape)", async () => {
      const { app, seen } = withPages();
      const body = new FormData();
      body.append("first_name", "Mia");
      body.append("message", "100% sure, 50%off");
      const res = await app.request("/contact", { method: "POST", body });
      expect(res.status).toBe(200);
      expect(seen).toEqual([{ fields: 2, bytes: "Mia100% sure, 50%off".length }]);
    });

    it("holds a multipart form to a page without photos to the form limit", async () => {
      const { app, seen } = withPages();
      // Written out, not a FormData: undici's FormData stream throws when the reader stops early.
      const body = `--XyZ\r\nContent-Disposition: form-data; name="message"\r\n\r\n${"x".repeat(MAX_FORM_BYTES + 1)}\r\n--XyZ--\r\n`;
      const res = await app.request("/contact", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
        body,
      });
      expect(res.status).toBe(413);
      expect(seen).toEqual([]);
    });

    it("leaves an API write to the API's own limit, far above a page form's", async () => {
      const res = await t.app.request(
        "/api/contact",
        jsonRequest("POST", contactPayload("long@example.com", "x".repeat(MAX_FORM_BYTES + 1))),
      );
      // The API reads it and names the field that is too long; a page form's limit would say 413.
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: Record<string, string> }).errors)).toEqual([
        "message",
      ]);
    });

    it("leaves a page that takes a photo to stream its multipart body past the form limit", async () => {
      const { app, seen } = withPages();
      const body = new FormData();
      body.append(
        "photo",
        new File([new Uint8Array(MAX_FORM_BYTES + 1)], "reef.jpg", { type: "image/jpeg" }),
      );
      const res = await app.request("/my-details/a-participant-link-token", { method: "POST", body });
      expect(res.status).toBe(200);
      expect(seen).toEqual([{ fields: 1, bytes: "[object File]".length }]);
    });
  });
});

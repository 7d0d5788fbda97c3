import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adventures, contactMessages, emailOutbox, newsletterSubscribers } from "../../server/db/schema.ts";
import { confirmByToken } from "../../server/domain/messaging/newsletter-signup.server.ts";
import { SEEDED_CONTACT_TYPES } from "../fixtures/site.ts";
import { confirmationTokens, subscribeConfirmed } from "../helpers/newsletter.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The nine seeded adventures and their per-person prices. */
const SPEC_PRICES: Record<string, number> = {
  "dive-exhibition": 95,
  "guided-shore-dive": 135,
  "dive-trip-shore": 195,
  "night-dive-experience": 149,
  "scooter-dive-adventure": 189,
  "underwater-treasure-hunt": 179,
  "camping-diving-2day": 395,
  "camping-diving-1night": 295,
  "camping-only-2day": 245,
};

let unique = 0;
/** A fresh address per test, so tests never depend on each other's rows. */
const freshEmail = (tag: string) => `${tag}.${Date.now()}.${++unique}@example.com`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, jsonRequest("POST", body, headers));

async function json(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get("content-type") ?? "").toContain("application/json");
  return (await res.json()) as Record<string, unknown>;
}

/** A 400 whose detail and errors both name the field. */
async function expect400Naming(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await json(res);
  expect(typeof body.detail).toBe("string");
  expect(body.detail as string).toContain(field);
  expect(body.errors).toHaveProperty(field);
  expect(typeof (body.errors as Record<string, string>)[field]).toBe("string");
  return body as { detail: string; errors: Record<string, string> };
}

describe("GET /api/adventures-pro", () => {
  it("lists the nine seeded adventures with every server-adventure field", async () => {
    const res = await t.app.request("/api/adventures-pro");
    expect(res.status).toBe(200);
    const list = (await json(res)) as unknown as Record<string, unknown>[];
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(9);
    expect(list.map((a) => a.id).sort()).toEqual(Object.keys(SPEC_PRICES).sort());

    for (const a of list) {
      // Every field of an adventure as the API answers it.
      for (const key of [
        "id",
        "slug",
        "title",
        "category",
        "skill_level",
        "duration",
        "groupSize",
        "price_num",
        "base_price",
        "price_display",
        "featured",
        "hero_image",
        "hero_image_alt",
        "image",
        "highlights",
        "included_items",
        "tags",
        "short_description",
        "group_size_min",
        "group_size_max",
      ]) {
        expect(a, `${a.id} lacks ${key}`).toHaveProperty(key);
      }
      const id = a.id as string;
      expect(a.slug).toBe(id);
      expect(a.price_num).toBe(SPEC_PRICES[id]);
      expect(a.base_price).toBe(SPEC_PRICES[id]);
      expect(a.price_display).toContain(`$${SPEC_PRICES[id]}`);
      for (const key of ["title", "category", "skill_level", "duration", "groupSize", "short_description"]) {
        expect(typeof a[key], `${id}.${key}`).toBe("string");
        expect((a[key] as string).length, `${id}.${key}`).toBeGreaterThan(0);
      }
      expect(["scuba-diving", "snorkeling", "camping", "combined"]).toContain(a.category);
      expect(["beginner", "intermediate", "advanced", "all-levels"]).toContain(a.skill_level);
      expect(typeof a.featured).toBe("boolean");
      expect(a.hero_image).toMatch(/^\/(images|uploads)\/.+\.(webp|avif|jpe?g|png)$/);
      expect(a.image).toBe(a.hero_image);
      expect((a.hero_image_alt as string).length).toBeGreaterThan(0);
      for (const key of ["highlights", "included_items", "tags"]) {
        expect(Array.isArray(a[key]), `${id}.${key}`).toBe(true);
        expect((a[key] as unknown[]).length, `${id}.${key}`).toBeGreaterThan(0);
        for (const item of a[key] as unknown[]) expect(typeof item).toBe("string");
      }
      const min = a.group_size_min as number;
      const max = a.group_size_max as number;
      expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
      expect(min).toBeGreaterThanOrEqual(1);
      expect(max).toBeGreaterThanOrEqual(min);
      expect(max).toBeLessThanOrEqual(4);
      expect(a.groupSize).toBe(
        min === max ? `${min} ${min === 1 ? "person" : "people"}` : `${min}-${max} people`,
      );
    }
  });

  it("uses the spec's group limits (1-2, 1-3, 1-4, 2-3, 2-4)", async () => {
    const list = (await (await t.app.request("/api/adventures-pro")).json()) as {
      group_size_min: number;
      group_size_max: number;
    }[];
    const ranges = new Set(list.map((a) => `${a.group_size_min}-${a.group_size_max}`));
    for (const r of ranges) expect(["1-2", "1-3", "1-4", "2-3", "2-4"]).toContain(r);
  });

  it("does not list an inactive adventure, and lists it again once active", async () => {
    await t.db.update(adventures).set({ isActive: false }).where(eq(adventures.id, "night-dive-experience"));
    try {
      const list = (await (await t.app.request("/api/adventures-pro")).json()) as { id: string }[];
      expect(list).toHaveLength(8);
      expect(list.map((a) => a.id)).not.toContain("night-dive-experience");
    } finally {
      await t.db.update(adventures).set({ isActive: true }).where(eq(adventures.id, "night-dive-experience"));
    }
    const again = (await (await t.app.request("/api/adventures-pro")).json()) as { id: string }[];
    expect(again.map((a) => a.id)).toContain("night-dive-experience");
  });

  it("is revalidated by browsers on every use, so admin edits show at once", async () => {
    const res = await t.app.request("/api/adventures-pro");
    expect(res.headers.get("cache-control")).toContain("max-age=0");
    expect(res.headers.get("etag")).toBeTruthy();
  });
});

const validContact = () => ({
  first_name: "Mia",
  last_name: "Nguyen",
  email: freshEmail("mia"),
  phone: "+61 412 345 678",
  adventure_type: "night-dive-experience",
  message: "Is the night dive on this Saturday?\nThanks!",
});

describe("POST /api/contact", () => {
  it("stores a valid message, queues an operator notice and answers 201", async () => {
    const input = validContact();
    const res = await post("/api/contact", input);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);

    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.email, input.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      firstName: "Mia",
      lastName: "Nguyen",
      phone: "+61 412 345 678",
      adventureType: "night-dive-experience",
      message: input.message,
    });

    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, "contact_notice"), eq(emailOutbox.dedupeKey, `contact_notice:${body.id}`)),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0].toAddress).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    expect(notices[0].subject).toContain("Mia Nguyen");
    expect(notices[0].textBody).toBe(
      [
        `Mia Nguyen <${input.email}>, +61 412 345 678`,
        "About: night-dive-experience",
        "",
        "Is the night dive on this Saturday?\nThanks!",
        "",
        "Reply from the admin area: Contact messages.",
      ].join("\n"),
    );
  });

  it("trims text and accepts a missing phone", async () => {
    const { phone: _phone, ...input } = validContact();
    const res = await post("/api/contact", { ...input, first_name: "  Sam ", email: ` ${input.email} ` });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, input.email));
    expect(row.firstName).toBe("Sam");
    expect(row.phone).toBe("");
    const [notice] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, "contact_notice"), eq(emailOutbox.dedupeKey, `contact_notice:${row.id}`)),
      );
    expect(notice.textBody.split("\n")[0]).toBe(`Sam Nguyen <${input.email}>`);
  });

  it.each(SEEDED_CONTACT_TYPES)("accepts adventure_type %s", async (type) => {
    const res = await post("/api/contact", { ...validContact(), adventure_type: type });
    expect(res.status).toBe(201);
  });

  it.each(["first_name", "last_name", "email", "adventure_type", "message"])(
    "answers 400 naming %s when it is missing, and stores nothing",
    async (field) => {
      const input: Record<string, unknown> = validContact();
      delete input[field];
      const before = await countMessages();
      await expect400Naming(await post("/api/contact", input), field);
      expect(await countMessages()).toBe(before);
    },
  );

  it.each([
    ["first_name", "blank", "   "],
    ["first_name", "a number", 42],
    ["first_name", "a line break", "Mia\r\nBcc: someone@example.com"],
    ["first_name", "101 characters", "a".repeat(101)],
    ["last_name", "empty", ""],
    ["last_name", "an object", { name: "x" }],
    ["email", "not an address", "not-an-email"],
    ["email", "no domain", "mia@"],
    ["email", "a number", 12345],
    ["phone", "letters", "call me maybe"],
    ["phone", "a number", 412345678],
    ["phone", "41 characters", "1".repeat(41)],
    ["adventure_type", "not in the list", "shark-feeding"],
    ["adventure_type", "empty", ""],
    ["adventure_type", "an array", ["general"]],
    ["message", "empty", ""],
    ["message", "5001 characters", "x".repeat(5001)],
    ["message", "null", null],
  ])("answers 400 naming %s when it is %s", async (field, _label, value) => {
    const before = await countMessages();
    await expect400Naming(await post("/api/contact", { ...validContact(), [field]: value }), field);
    expect(await countMessages()).toBe(before);
  });

  it("names every failing field at once", async () => {
    const body = await expect400Naming(await post("/api/contact", {}), "first_name");
    expect(Object.keys(body.errors).sort()).toEqual(
      ["adventure_type", "email", "first_name", "last_name", "message"].sort(),
    );
  });

  it.each([
    ["malformed JSON", '{"first_name": "Mia",'],
    ["a JSON array", "[1,2,3]"],
    ["a JSON string", '"hello"'],
    ["a JSON number", "42"],
    ["JSON null", "null"],
    ["an empty body", ""],
    ["plain text", "first_name=Mia&last_name=Nguyen"],
  ])("answers 400 to %s, never 500", async (_label, raw) => {
    const res = await post("/api/contact", raw);
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.detail).toMatch(/body/i);
  });

  it("answers 415 to a form-encoded body", async () => {
    const res = await t.app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "first_name=Mia&last_name=Nguyen",
    });
    expect(res.status).toBe(415);
  });

  it("refuses a body over 1 MB with 413 before reading it all", async () => {
    const huge = JSON.stringify({ ...validContact(), message: "x".repeat(2 * 1024 * 1024) });
    const res = await post("/api/contact", huge);
    expect(res.status).toBe(413);
    const body = await json(res);
    expect(body.detail).toMatch(/too large/i);

    // Also when the body streams in without a Content-Length.
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"message":"'));
        sent += 1;
        if (sent > 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await t.app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(40);
  });

  it("ignores unknown fields", async () => {
    const input = { ...validContact(), id: 999_999, response: "pre-filled", is_admin: true };
    const res = await post("/api/contact", input);
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, input.email));
    expect(row.id).not.toBe("999999");
    expect(row.response).toBeNull();
  });
});

async function countMessages(): Promise<number> {
  const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  return Number(n);
}

describe("POST /api/newsletter/subscribe", () => {
  const subscribe = (email: unknown) => post("/api/newsletter/subscribe", { email });
  const rowsFor = (email: string) =>
    t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);

  it("stores the address lower-cased, pending until it is confirmed from the email", async () => {
    const email = freshEmail("Diver.MixedCase");
    const res = await subscribe(`  ${email}  `);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe("string");
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(email.toLowerCase());
    expect(rows[0].status).toBe("pending");
    expect(await confirmationTokens(t.db, email)).toHaveLength(1);
  });

  it("is idempotent whatever the case of the address", async () => {
    const email = freshEmail("same");
    const first = await json(await subscribe(email));
    const second = await json(await subscribe(email.toUpperCase()));
    const third = await json(await subscribe(email));
    expect(second.success).toBe(true);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each(["unsubscribed", "inactive"] as const)(
    "re-activates a %s address once it confirms from the email",
    async (status) => {
      const email = freshEmail(status);
      await subscribeConfirmed(t, email);
      await t.db
        .update(newsletterSubscribers)
        .set({ status })
        .where(eq(newsletterSubscribers.email, email.toLowerCase()));
      const res = await subscribe(email.toUpperCase());
      expect(res.status).toBe(200);
      expect((await rowsFor(email))[0].status).toBe(status);
      const token = (await confirmationTokens(t.db, email)).at(-1) as string;
      expect(await confirmByToken(t.db, token, new Date())).toBe(true);
      const rows = await rowsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe("active");
    },
  );

  it("handles two simultaneous sign-ups of one address", async () => {
    const email = freshEmail("race");
    const answers = await Promise.all([subscribe(email), subscribe(email.toUpperCase()), subscribe(email)]);
    for (const r of answers) expect(r.status).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([["not-an-email"], ["diver@"], [""], ["   "], [42], [null], [{ email: "a@b.co" }]])(
    "answers 400 naming email for %j",
    async (email) => {
      await expect400Naming(await subscribe(email), "email");
    },
  );

  it("answers 400 naming email when it is missing", async () => {
    await expect400Naming(await post("/api/newsletter/subscribe", {}), "email");
  });

  it.each([
    ["malformed JSON", "{"],
    ["a JSON array", '["a@b.co"]'],
    ["a JSON string", '"a@b.co"'],
    ["an empty body", ""],
  ])("answers 400 to %s", async (_label, raw) => {
    const res = await post("/api/newsletter/subscribe", raw);
    expect(res.status).toBe(400);
    await json(res);
  });
});

describe("junk never causes a 500", () => {
  // A seeded generator: a failure reproduces on the next run.
  let seed = 20_260_405;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const junkString = () => {
    const alphabets = [
      "abcdefghijklmnopqrstuvwxyz",
      "{}[]\":,\\\u0000\u001f'<>&%$#@!",
      "🌊🐠🏕️日本語العربية",
      "0123456789.-+eE",
      "\r\n\t \u2028\u2029\ud800",
    ];
    let s = "";
    const n = Math.floor(rand() * 60);
    for (let i = 0; i < n; i++) s += pick(pick(alphabets).split(""));
    return s;
  };
  const junkValue = (depth = 0): unknown => {
    const kind = Math.floor(rand() * (depth > 3 ? 6 : 9));
    switch (kind) {
      case 0:
        return null;
      case 1:
        return rand() < 0.5;
      case 2:
        return pick([0, -1, 1e308, -1e-308, 2 ** 53 + 1, 3.14]);
      case 3:
        return junkString();
      case 4:
        return "x".repeat(Math.floor(rand() * 20_000));
      case 5:
        return pick(["a@b.co", "general", "", " ", "__proto__", "constructor"]);
      case 6:
        return Array.from({ length: Math.floor(rand() * 4) }, () => junkValue(depth + 1));
      default: {
        const keys = [
          "first_name",
          "last_name",
          "email",
          "phone",
          "adventure_type",
          "message",
          "__proto__",
          "x",
        ];
        const out: Record<string, unknown> = {};
        for (const k of keys) if (rand() < 0.6) out[k] = junkValue(depth + 1);
        return out;
      }
    }
  };
  const junkBody = (): string => {
    const kind = Math.floor(rand() * 4);
    if (kind === 0) return junkString();
    if (kind === 1) return JSON.stringify(junkValue()).slice(0, Math.floor(rand() * 400) + 1);
    if (kind === 2) return `${"[".repeat(5000)}${"]".repeat(5000)}`;
    return JSON.stringify(junkValue()) ?? "null";
  };

  it.each(["/api/contact", "/api/newsletter/subscribe"])("30 junk bodies to %s", async (path) => {
    for (let i = 0; i < 30; i++) {
      const body = junkBody();
      const contentType = pick(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]);
      const res = await t.app.request(path, {
        method: "POST",
        headers: contentType ? { "Content-Type": contentType } : {},
        body,
      });
      expect(res.status, `body ${JSON.stringify(body.slice(0, 200))}`).toBeLessThan(500);
      // 415 for anything but a JSON content type.
      expect([200, 201, 400, 415]).toContain(res.status);
      if (res.status === 400 || res.status === 415) {
        const answer = (await res.json()) as { detail: unknown; errors: unknown };
        expect(typeof answer.detail).toBe("string");
        expect(typeof answer.errors).toBe("object");
      }
    }
    expect(t.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});

import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/log.server.ts";
import { redactPath } from "../../server/route-match.server.ts";

function capture(level: Parameters<typeof createLogger>[0] = "debug") {
  const lines: string[] = [];
  const log = createLogger(level, (line) => {
    lines.push(line);
    return true;
  });
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l)) };
}

describe("createLogger", () => {
  it("writes one JSON object per line with time, level and message", () => {
    const { log, lines, parsed } = capture();
    log.info("booking confirmed", { bookingId: 12, amount: 395 });
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    expect(lines[0].trimEnd()).not.toContain("\n");
    const [entry] = parsed();
    expect(entry).toMatchObject({ level: "info", msg: "booking confirmed", bookingId: 12, amount: 395 });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
  });

  it("keeps a multi-line message on one line", () => {
    const { log, lines } = capture();
    log.warn("line one\nline two");
    expect(lines[0].trimEnd().split("\n")).toHaveLength(1);
  });

  it("filters by level", () => {
    const { log, parsed } = capture("warn");
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    expect(parsed().map((e) => e.level)).toEqual(["warn", "error"]);
  });

  it("is quiet when silent", () => {
    const { log, lines } = capture("silent");
    log.error("boom");
    expect(lines).toEqual([]);
  });

  describe("secrets", () => {
    const SECRET = "s3cr3t-VALUE-123";

    it.each([
      "password",
      "Password",
      "PASSWORD",
      "adminPassword",
      "pass",
      "token",
      "accessToken",
      "session_token",
      "authorization",
      "Authorization",
      "secret",
      "webhookSecret",
      "cookie",
      "apiKey",
      "api_key",
      "api-key",
    ])("never prints the value of %s", (key) => {
      const { log, lines, parsed } = capture();
      log.info("x", { [key]: SECRET });
      expect(lines.join("")).not.toContain(SECRET);
      expect(parsed()[0][key]).toBe("[redacted]");
    });

    it("redacts nested objects and arrays", () => {
      const { log, lines, parsed } = capture();
      log.info("request", {
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
        body: { email: "a@b.co", password: SECRET },
        sessions: [{ token: SECRET, id: 1 }],
        deep: { a: { b: { c: { apiKey: SECRET } } } },
      });
      expect(lines.join("")).not.toContain(SECRET);
      const [entry] = parsed();
      expect(entry.headers).toEqual({ authorization: "[redacted]", "content-type": "application/json" });
      expect(entry.body).toEqual({ email: "a@b.co", password: "[redacted]" });
      expect(entry.sessions).toEqual([{ token: "[redacted]", id: 1 }]);
    });

    it("redacts secrets carried inside an error's fields", () => {
      const { log, lines } = capture();
      const err = Object.assign(new Error("login failed"), {
        config: { headers: { Authorization: SECRET } },
      });
      log.error("upstream", { error: err });
      expect(lines.join("")).not.toContain(SECRET);
    });

    it("does not redact harmless keys", () => {
      const { log, parsed } = capture();
      log.info("x", { passengers: 3, status: "ok", email: "a@b.co" });
      expect(parsed()[0]).toMatchObject({ status: "ok", email: "a@b.co" });
    });
  });

  it("logs errors with name, message and stack", () => {
    const { log, parsed } = capture();
    log.error("failed", { error: new TypeError("bad thing") });
    const [entry] = parsed();
    expect(entry.error.name).toBe("TypeError");
    expect(entry.error.message).toBe("bad thing");
    expect(entry.error.stack).toContain("bad thing");
  });

  it("never throws on values JSON cannot hold", () => {
    const { log, lines } = capture();
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    expect(() => log.info("odd", { cyclic, big: 10n, fn: () => 1, sym: Symbol("s") })).not.toThrow();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry.msg).toBe("odd");
    expect(entry.big).toBe("10");
    expect(entry.cyclic.name).toBe("loop");
  });

  it("keeps the logger's own keys", () => {
    const { log, parsed } = capture();
    log.info("real", { msg: "spoofed", level: "error", time: "yesterday" });
    const [entry] = parsed();
    expect(entry.msg).toBe("real");
    expect(entry.level).toBe("info");
    expect(entry.time).not.toBe("yesterday");
  });
});

describe("database errors in the log", () => {
  /** What Drizzle throws when PostgreSQL refuses a query: SQL and every parameter in the message. */
  function failedInsert() {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00 near "Mia"'), {
      name: "DatabaseError",
      severity: "ERROR",
      code: "22021",
      detail: "Key (customer_email)=(mia.secret@example.com) already exists.",
      table: "bookings",
      column: "customer_first_name",
      routine: "report_invalid_encoding",
    });
    return new DrizzleQueryError(
      'insert into "bookings" ("customer_first_name", "customer_email", "customer_phone") values ($1, $2, $3)',
      ["Mia\u0000Nguyen", "mia.secret@example.com", "+61 400 999 888"],
      cause,
    );
  }

  it("logs the class, SQLSTATE and schema names, never the query, its parameters or the message", () => {
    const { log, lines, parsed } = capture();
    log.error("unhandled error", {
      error: failedInsert(),
      wrapped: { error: new Error("outer", { cause: failedInsert() }) },
    });
    const text = lines.join("");
    for (const secret of [
      "mia.secret",
      "Mia",
      "+61 400",
      "insert into",
      "customer_email",
      "params",
      "0x00",
    ]) {
      expect(text).not.toContain(secret);
    }
    const [entry] = parsed();
    expect(entry.error).toMatchObject({
      name: "DrizzleQueryError",
      cause: { name: "DatabaseError", code: "22021" },
    });
    expect(entry.error.cause).toMatchObject({ table: "bookings", column: "customer_first_name" });
    expect(entry.error.stack).toMatch(/^DrizzleQueryError\n\s+at /);
  });

  it("still logs the message of an ordinary error", () => {
    const { log, parsed } = capture();
    log.error("x", { error: new Error("SMTP connection refused") });
    expect(parsed()[0].error.message).toBe("SMTP connection refused");
  });
});

describe("redactPath", () => {
  it("hides checkout session and payment ids", () => {
    expect(redactPath("/api/payments/v1/checkout/status/cs_test_a1B2c3D4e5F6g7H8")).toBe(
      "/api/payments/v1/checkout/status/[redacted]",
    );
    expect(redactPath("/checkout/test/cs_test_a1B2c3D4e5F6g7H8")).toBe("/checkout/test/[redacted]");
    expect(redactPath("/api/payments/v1/test-checkout/cs_test_abcdefgh12/pay")).toBe(
      "/api/payments/v1/test-checkout/[redacted]/pay",
    );
    expect(redactPath("/api/payments/v1/checkout/cancel/6f1c0c9e-1111-4222-8333-944445555666")).toBe(
      "/api/payments/v1/checkout/cancel/[redacted]",
    );
    expect(redactPath("/anything/cs_live_Zz09Zz09Zz09")).toBe("/anything/[redacted]");
    expect(redactPath("/api/admin/faqs/12")).toBe("/api/admin/faqs/12");
  });

  it("hides booking-link tokens, on the page, its data requests and its calendar file", () => {
    const token = "q3J-9_xZ0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w";
    expect(redactPath(`/my-booking/${token}`)).toBe("/my-booking/[redacted]");
    expect(redactPath(`/my-booking/${token}.data`)).toBe("/my-booking/[redacted].data");
    expect(redactPath(`/my-booking/${token}/calendar.ics`)).toBe("/my-booking/[redacted]/calendar.ics");
    expect(redactPath("/my-booking")).toBe("/my-booking");
    // A participant's own link is as much a secret.
    expect(redactPath(`/my-details/${token}`)).toBe("/my-details/[redacted]");
    expect(redactPath(`/my-details/${token}.data`)).toBe("/my-details/[redacted].data");
  });
});

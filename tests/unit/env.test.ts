import { describe, expect, it } from "vitest";
import { assertSafeToStart, looksDeployed, parseEnv, paymentsDecision } from "../../server/env.server.ts";

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}

describe("AUDIT_RETENTION_DAYS", () => {
  it("keeps audit entries two years unless told otherwise", () => {
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBe(730);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: "365" }).AUDIT_RETENTION_DAYS).toBe(365);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: "3650" }).AUDIT_RETENTION_DAYS).toBe(3650);
  });

  it("refuses at start a retention the database would refuse (under a year) or nonsense", () => {
    expect(errorOf({ AUDIT_RETENTION_DAYS: "364" })).toMatch(/AUDIT_RETENTION_DAYS: must be at least 365/);
    expect(errorOf({ AUDIT_RETENTION_DAYS: "0" })).toMatch(/AUDIT_RETENTION_DAYS/);
    expect(errorOf({ AUDIT_RETENTION_DAYS: "two years" })).toMatch(/AUDIT_RETENTION_DAYS/);
    expect(errorOf({ AUDIT_RETENTION_DAYS: "730.5" })).toMatch(/AUDIT_RETENTION_DAYS/);
  });
});

describe("parseEnv", () => {
  it("runs with nothing configured", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: 3000,
      DATA_DIR: "./data",
      MAIL_FROM: "bookings@tidewaterdive.com.au",
      UPLOAD_MAX_MB: 20,
      LOG_LEVEL: "info",
      SEED: "auto",
      publicUrl: "http://localhost:3000",
    });
    for (const key of [
      "PUBLIC_URL",
      "DATABASE_URL",
      "ADMIN_PASSWORD",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_API_BASE",
      "SMTP_URL",
    ] as const) {
      expect(env[key]).toBeUndefined();
    }
  });

  it("reads process.env by default", () => {
    expect(parseEnv().PORT).toBeTypeOf("number");
  });

  it("parses numbers and enums", () => {
    const env = parseEnv({ PORT: "8080", UPLOAD_MAX_MB: "5.5", NODE_ENV: "development", LOG_LEVEL: "warn" });
    expect(env.PORT).toBe(8080);
    expect(env.UPLOAD_MAX_MB).toBe(5.5);
    expect(env.NODE_ENV).toBe("development");
    expect(env.LOG_LEVEL).toBe("warn");
    expect(env.publicUrl).toBe("http://localhost:8080");
  });

  it("ignores empty strings (a copied .env with blank values)", () => {
    const env = parseEnv({
      PORT: "",
      PUBLIC_URL: "",
      DATABASE_URL: "",
      ADMIN_PASSWORD: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      SMTP_URL: "",
      LOG_LEVEL: "",
      NODE_ENV: "",
    });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.NODE_ENV).toBe("production");
    expect(env.publicUrl).toBe("http://localhost:3000");
  });

  it("accepts well-formed secrets and URLs", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://user:pw@db:5432/tidewater",
      ADMIN_PASSWORD: "correct horse",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_PUBLISHABLE_KEY: "pk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      SMTP_URL: "smtps://user:pw@mail.example.com:465",
    });
    expect(env.DATABASE_URL).toBe("postgres://user:pw@db:5432/tidewater");
    expect(env.STRIPE_SECRET_KEY).toBe("sk_test_123");
    expect(parseEnv({ DATABASE_URL: "postgresql://db/x" }).DATABASE_URL).toBe("postgresql://db/x");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["NODE_ENV", "staging"],
    ["LOG_LEVEL", "verbose"],
    ["SEED", "always"],
    ["UPLOAD_MAX_MB", "0"],
    ["UPLOAD_MAX_MB", "500"],
    ["UPLOAD_MAX_MB", "lots"],
    ["PUBLIC_URL", "tidewater.example"],
    ["STRIPE_API_BASE", "not a url"],
    ["DATABASE_URL", "mysql://db/x"],
    ["SMTP_URL", "mail.example.com"],
    ["ADMIN_PASSWORD", "short"],
    ["STRIPE_SECRET_KEY", "pk_test_123"],
    ["STRIPE_PUBLISHABLE_KEY", "sk_test_123"],
    ["STRIPE_WEBHOOK_SECRET", "secret"],
  ])("rejects %s=%j with a message naming it", (key, value) => {
    const message = errorOf({ [key]: value });
    expect(message).toContain("Invalid configuration");
    expect(message).toContain(`${key}:`);
  });

  it("says what is wrong in words", () => {
    expect(errorOf({ DATABASE_URL: "mysql://x" })).toContain(
      "DATABASE_URL: must start with postgres:// or postgresql://",
    );
    expect(errorOf({ STRIPE_SECRET_KEY: "pk_live_x" })).toContain("STRIPE_SECRET_KEY: must start with sk_");
    expect(errorOf({ ADMIN_PASSWORD: "1234" })).toContain("ADMIN_PASSWORD: must be at least 8 characters");
  });

  it("names every bad variable at once", () => {
    const message = errorOf({ PORT: "x", LOG_LEVEL: "loud", SMTP_URL: "nope" });
    expect(message).toContain("PORT:");
    expect(message).toContain("LOG_LEVEL:");
    expect(message).toContain("SMTP_URL:");
  });

  it("never repeats a rejected secret's value", () => {
    const message = errorOf({
      STRIPE_SECRET_KEY: "rk_live_SUPERSECRET",
      ADMIN_PASSWORD: "pw123",
      DATABASE_URL: "mysql://u:hunter2@db/x",
    });
    expect(message).not.toContain("SUPERSECRET");
    expect(message).not.toContain("pw123");
    expect(message).not.toContain("hunter2");
  });

  it.each([
    ["https://tidewaterdive.com.au/", "https://tidewaterdive.com.au"],
    ["https://tidewaterdive.com.au", "https://tidewaterdive.com.au"],
    ["https://tidewaterdive.com.au///", "https://tidewaterdive.com.au"],
    ["http://localhost:4173/", "http://localhost:4173"],
    ["https://example.com/site/", "https://example.com/site"],
  ])("publicUrl of %s is %s (no trailing slash)", (url, expected) => {
    const env = parseEnv({ PUBLIC_URL: url });
    expect(env.publicUrl).toBe(expected);
    expect(env.publicUrl.endsWith("/")).toBe(false);
  });

  it("derives publicUrl from PORT when PUBLIC_URL is unset", () => {
    expect(parseEnv({ PORT: "4105" }).publicUrl).toBe("http://localhost:4105");
  });
});

describe("paymentsDecision", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

  it("keeps the quick start: nothing set means the test checkout, no refusal", () => {
    expect(paymentsDecision({})).toEqual({ mode: "test" });
    expect(parseEnv({}).paymentsMode).toBe("test");
    expect(() => assertSafeToStart(parseEnv({}))).not.toThrow();
  });

  it.each(["http://localhost:3000", "http://127.0.0.1:8080/", "http://[::1]:3000", "http://LOCALHOST"])(
    "treats PUBLIC_URL %s as local",
    (url) => {
      expect(looksDeployed({ PUBLIC_URL: url })).toBe(false);
      expect(paymentsDecision({ PUBLIC_URL: url })).toEqual({ mode: "test" });
    },
  );

  it("chooses Stripe when a secret key is set", () => {
    expect(paymentsDecision(stripe)).toEqual({ mode: "stripe" });
    expect(paymentsDecision({ ...stripe, DATABASE_URL: "postgres://db/x" })).toEqual({ mode: "stripe" });
    expect(parseEnv(stripe).paymentsMode).toBe("stripe");
  });

  it("refuses the test checkout on a deployment with a database server", () => {
    const { mode, refusal } = paymentsDecision({ DATABASE_URL: "postgres://db/x" });
    expect(mode).toBe("test");
    expect(refusal).toContain("DATABASE_URL is set");
    expect(refusal).toContain("STRIPE_SECRET_KEY");
    expect(refusal).toContain("STRIPE_WEBHOOK_SECRET");
    expect(refusal).toContain("PAYMENTS=test");
    expect(refusal).toContain("/api/payments/v1/webhook/stripe");
  });

  it("refuses the test checkout on a public address", () => {
    const { refusal } = paymentsDecision({ PUBLIC_URL: "https://tidewaterdive.com.au" });
    expect(refusal).toContain("PUBLIC_URL (https://tidewaterdive.com.au) is not localhost");
    expect(refusal).toContain("PAYMENTS=test");
    expect(() => assertSafeToStart(parseEnv({ PUBLIC_URL: "https://tidewaterdive.com.au" }))).toThrow(
      /Unsafe configuration/,
    );
  });

  it("runs the test checkout on a deployment when PAYMENTS=test is set on purpose", () => {
    const env = {
      PAYMENTS: "test" as const,
      DATABASE_URL: "postgres://db/x",
      PUBLIC_URL: "https://staging.example",
    };
    expect(paymentsDecision(env)).toEqual({ mode: "test" });
    // Even with a Stripe key present: the operator chose the test checkout.
    expect(paymentsDecision({ ...env, ...stripe })).toEqual({ mode: "test" });
    expect(parseEnv({ PAYMENTS: "test", ...stripe }).paymentsMode).toBe("test");
  });

  it("refuses a Stripe key without a webhook secret, locally too", () => {
    for (const extra of [{}, { PAYMENTS: "stripe" as const }, { DATABASE_URL: "postgres://db/x" }]) {
      const { mode, refusal } = paymentsDecision({ STRIPE_SECRET_KEY: "sk_test_x", ...extra });
      expect(mode).toBe("stripe");
      expect(refusal).toContain("STRIPE_WEBHOOK_SECRET is not");
      expect(refusal).toContain("/api/payments/v1/webhook/stripe");
    }
  });

  it("refuses PAYMENTS=stripe without a key", () => {
    const { refusal } = paymentsDecision({ PAYMENTS: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(refusal).toContain("PAYMENTS=stripe needs STRIPE_SECRET_KEY");
    expect(refusal).toContain("PAYMENTS=test");
  });

  it("rejects an unknown PAYMENTS value by name", () => {
    expect(errorOf({ PAYMENTS: "live" })).toContain("PAYMENTS:");
  });

  it("never repeats a secret in a refusal", () => {
    const { refusal } = paymentsDecision({ STRIPE_SECRET_KEY: "sk_live_SUPERSECRET" });
    expect(refusal).not.toContain("SUPERSECRET");
  });
});

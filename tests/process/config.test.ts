import { afterAll, describe, expect, it } from "vitest";
import { createPgDatabase, startServer, tempDataDir } from "../helpers/server-process.ts";

describe("the server refuses an unsafe payments configuration", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it("with DATABASE_URL and no payment settings it exits non-zero and says what to set", async () => {
    // Nothing listens there: the refusal comes before any connection is tried.
    const start = startServer({ DATA_DIR: data.dir, DATABASE_URL: "postgres://tidewater@127.0.0.1:1/shop" });
    await expect(start).rejects.toThrow(/server exited with 1 before listening/);
    const message = await start.catch((error: Error) => error.message);
    expect(message).toContain("Failed to start: Unsafe configuration");
    expect(message).toContain("DATABASE_URL is set");
    expect(message).toContain("STRIPE_SECRET_KEY");
    expect(message).toContain("STRIPE_WEBHOOK_SECRET");
    expect(message).toContain("PAYMENTS=test");
  });

  it("with a public PUBLIC_URL and no payment settings it refuses too", async () => {
    const message = await startServer({
      DATA_DIR: data.dir,
      PUBLIC_URL: "https://tidewaterdive.com.au",
    }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(message).toContain("PUBLIC_URL (https://tidewaterdive.com.au) is not localhost");
  });

  it("with a Stripe key but no webhook secret it refuses", async () => {
    const message = await startServer({ DATA_DIR: data.dir, STRIPE_SECRET_KEY: "sk_test_x" }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(message).toContain("STRIPE_WEBHOOK_SECRET is not");
  });

  it.skipIf(process.env.SKIP_PG === "1")(
    "with PAYMENTS=test set on purpose it starts on PostgreSQL, in test mode",
    async () => {
      const pgDb = await createPgDatabase();
      const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: pgDb.url, PAYMENTS: "test" });
      try {
        const health = await fetch(`${server.url}/healthz`);
        expect(await health.json()).toEqual({ status: "ok", database: "postgres" });
        const home = await (await fetch(`${server.url}/`)).text();
        expect(home).toContain('data-testid="test-mode-ribbon"');
        expect(server.output.some((line) => line.includes('"provider":"test"'))).toBe(true);
      } finally {
        expect(await server.stop()).toBe(0);
        await pgDb.drop();
      }
    },
  );
});

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seededDataDir } from "../helpers/seeded-data-dir.ts";
import { startServer } from "../helpers/server-process.ts";

/**
 * What a server holds after start-up is what it loaded: the email, payment and
 * database driver libraries it may never use are loaded when first needed
 * (server/email/sender.server.ts, server/payments/stripe.server.ts,
 * server/db/client.server.ts, server/email/invoice-pdf.server.ts), not at start.
 */
describe("a server on the embedded database with the test checkout and no SMTP", () => {
  const data = seededDataDir();
  const record = path.join(data.dir, "packages.txt");
  afterAll(() => data.remove());

  it("has not loaded nodemailer, Stripe, node-postgres or PDFKit after start", async () => {
    const server = await startServer({
      DATA_DIR: data.dir,
      NODE_OPTIONS: `--import ${path.resolve("tests/fixtures/record-packages.ts")}`,
      RECORD_PACKAGES: record,
    });
    try {
      expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
      const loaded = new Set(existsSync(record) ? readFileSync(record, "utf8").split("\n") : []);
      // The recorder works: the driver that is in use was recorded.
      expect(loaded.has("@electric-sql/pglite")).toBe(true);
      expect(loaded.has("nodemailer")).toBe(false);
      expect(loaded.has("stripe")).toBe(false);
      expect(loaded.has("pg")).toBe(false);
      expect(loaded.has("drizzle-orm/node-postgres")).toBe(false);
      expect(loaded.has("pdfkit")).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

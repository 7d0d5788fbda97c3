/**
 * Migration 0022 turns the policy written out in stored text back into its
 * markers, so the seeded FAQ answer and cancellation page follow the
 * operator's policy; text the operator rewrote stays as written, and with the
 * built-in policy the page reads exactly as before.
 */
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policyFaqText, policyHtmlList, withPolicyWords } from "../../app/lib/policy-words.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { contentSections, faqs } from "../../server/db/schema.ts";
import { MIGRATIONS, migrateFolder, migrationsBefore } from "../helpers/migrations.ts";
import { createPgDatabase } from "../helpers/pg.ts";

let database: Database;
let dropPg: (() => Promise<void>) | undefined;
let before: string;

const SEEDED_FAQ = `${policyFaqText()} If we cancel because of weather or safety, you'll get a full refund or a free reschedule, whichever you prefer.`;
const REWRITTEN_FAQ = "Call us and we will sort it out.";
const SEEDED_PAGE = `<p>Plans change.</p>${policyHtmlList()}<p>Weather is different.</p>`;

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    const pg = await createPgDatabase();
    dropPg = pg.drop;
    database = await openDatabase({ url: pg.url, migrate: false });
  } else {
    database = await openDatabase({ migrate: false });
  }
  before = migrationsBefore(/_policy_data$/);
  await migrateFolder(database, before);
  await database.db.execute(
    sql`insert into faqs (id, question, answer, category) values
        ('seeded', 'Can I cancel?', ${SEEDED_FAQ}, 'Booking'),
        ('rewritten', 'Refunds?', ${REWRITTEN_FAQ}, 'Booking')`,
  );
  await database.db.execute(
    sql`insert into content_sections (id, page, section, content) values ('cancel-body', 'cancellation', 'body', ${SEEDED_PAGE})`,
  );
  await migrateFolder(database, MIGRATIONS);
});

afterAll(async () => {
  await database?.close();
  await dropPg?.();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe("the policy in stored text becomes its markers", () => {
  it("the seeded FAQ answer and page keep markers, which read as before under the built-in policy", async () => {
    const [faq] = await database.db.select().from(faqs).where(eq(faqs.id, "seeded"));
    expect(faq.answer).toMatch(/^\{cancellation_policy\} If we cancel/);
    expect(withPolicyWords(faq.answer)).toBe(SEEDED_FAQ);
    const [page] = await database.db
      .select()
      .from(contentSections)
      .where(eq(contentSections.id, "cancel-body"));
    expect(page.content).toBe("<p>Plans change.</p>{cancellation_tiers}<p>Weather is different.</p>");
    expect(withPolicyWords(page.content)).toBe(SEEDED_PAGE);
  });

  it("text the operator rewrote is left as written", async () => {
    const [faq] = await database.db.select().from(faqs).where(eq(faqs.id, "rewritten"));
    expect(faq.answer).toBe(REWRITTEN_FAQ);
  });
});

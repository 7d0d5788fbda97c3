/**
 * The migration that stores secrets at rest hashed or scrubbed moves the data
 * already there: voucher codes become hashes (the codes still work), clear
 * unsubscribe tokens become hashed links (old emails' links still work), every
 * stored email keeps only the markers (the same text as the app's own rule),
 * and an unsent one keeps its live text sealed until it is sent.
 */
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { emailOutbox, newsletterSubscribers, vouchers } from "../../server/db/schema.ts";
import { unsubscribeByToken } from "../../server/domain/messaging/newsletter-send.server.ts";
import { checkVoucher } from "../../server/domain/vouchers/voucher-use.server.ts";
import { hashVoucherCode } from "../../server/domain/vouchers/vouchers.server.ts";
import { sealedText } from "../../server/email/outbox.server.ts";
import { scrubEmail } from "../../server/email/secrets.server.ts";
import { MIGRATIONS, migrateFolder, migrationsBefore } from "../helpers/migrations.ts";
import { createPgDatabase } from "../helpers/pg.ts";

const TAG = /_secrets_at_rest$/;
const TOKEN = "Qm9va2luZ0xpbmtUb2tlbl8xMjM0NTY3ODkwYWJjZGVm";
const OFFER = "T2ZmZXJUb2tlbl9hYmNkZWZnaGlqa2xtbm9wcXJzdHV2";
const UNSUB = "VW5zdWJzY3JpYmVfdG9rZW5fMTIzNDU2Nzg5MGFiY2Rl";
const CODE = "TW-7K3Q-9PXM";

/** Emails as the version before stored them: links and codes in clear, in text, HTML, subject and headers. */
const LEGACY = {
  subject: `Your credit voucher ${CODE}`,
  text: [
    "Hi Mia,",
    `View your booking or cancel it online: https://tidewater.example/my-booking/${TOKEN}`,
    `Review your trip: https://tidewater.example/my-booking/${TOKEN}/review.`,
    `A spot opened: https://tidewater.example/book?adventure=dive-exhibition&date=2027-01-09&offer=${OFFER}`,
    `Voucher code: ${CODE} (or tw-7k3q-9pxm typed by a person stays: it is not a code we wrote)`,
    `Unsubscribe with one click: https://tidewater.example/newsletter/unsubscribe/${UNSUB}`,
    "Questions? https://tidewater.example/contact or /my-booking/short",
  ].join("\n"),
  html: `<p><a href="https://tidewater.example/my-booking/${TOKEN}" style="color:#0f766e">View or cancel</a></p>
<p><a href="https://tidewater.example/book?adventure=dive-exhibition&amp;date=2027-01-09&amp;offer=${OFFER}">https://tidewater.example/book?adventure=dive-exhibition&amp;date=2027-01-09&amp;offer=${OFFER}</a></p>
<p style="letter-spacing:2px">${CODE}</p>`,
  headers: {
    "List-Unsubscribe": `<https://tidewater.example/newsletter/unsubscribe/${UNSUB}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};

let database: Database;
let dropPg: (() => Promise<void>) | undefined;
const folders: string[] = [];
const keep = (dir: string) => {
  folders.push(dir);
  return dir;
};

const migrate = (folder: string) => migrateFolder(database, folder);

const legacyEmail = (id: string, status: string, email = LEGACY) =>
  database.db.execute(
    sql`insert into email_outbox (id, kind, to_address, subject, text_body, html_body, headers, status)
        values (${id}, 'legacy', 'mia@example.com', ${email.subject}, ${email.text}, ${email.html}, ${JSON.stringify(email.headers)}::jsonb, ${status})`,
  );

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    const pg = await createPgDatabase();
    dropPg = pg.drop;
    database = await openDatabase({ url: pg.url, migrate: false });
  } else {
    database = await openDatabase({ migrate: false });
  }
  await migrate(keep(migrationsBefore(TAG)));
  const { db } = database;
  await db.execute(
    sql`insert into vouchers (id, code, initial_cents, balance_cents, currency, expires_at, source, status)
        values ('v-active', ${CODE}, 5000, 5000, 'aud', now() + interval '1 year', 'operator', 'active'),
               ('v-pending', 'TW-AAAA-BBBB', 5000, 5000, 'aud', now() + interval '1 year', 'gift', 'pending_payment')`,
  );
  await db.execute(
    sql`insert into newsletter_subscribers (id, email, unsubscribe_token) values ('s-1', 'reader@example.com', ${UNSUB})`,
  );
  await legacyEmail("e-sent", "sent");
  await legacyEmail("e-failed", "failed");
  await legacyEmail("e-pending", "pending");
  await legacyEmail("e-plain", "pending", {
    subject: "New booking",
    text: "A booking for https://tidewater.example/adventures/dive-exhibition",
    html: "<p>A booking</p>",
    headers: {} as typeof LEGACY.headers,
  });
  await migrate(MIGRATIONS);
});

afterAll(async () => {
  await database?.close();
  await dropPg?.();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function email(id: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

describe("the secrets-at-rest migration", () => {
  it("hashes voucher codes the way the app looks them up, keeps the last four, and the code still pays", async () => {
    const [active] = await database.db.select().from(vouchers).where(eq(vouchers.id, "v-active"));
    expect(active.codeHash).toBe(hashVoucherCode(CODE));
    expect(active.codeSuffix).toBe("9PXM");
    expect((await checkVoucher(database.db, "tw 7k3q 9pxm", "aud", new Date())).balance_cents).toBe(5000);
    // A gift still waiting for its payment gets its code when it is activated.
    const [pending] = await database.db.select().from(vouchers).where(eq(vouchers.id, "v-pending"));
    expect(pending.codeHash).toBeNull();
    const stored = JSON.stringify(await database.db.execute(sql`select * from vouchers`));
    expect(stored).not.toContain(CODE);
  });

  it("keeps an old newsletter's unsubscribe link working with only its hash stored", async () => {
    expect(
      JSON.stringify(await database.db.execute(sql`select * from newsletter_subscribers`)),
    ).not.toContain(UNSUB);
    expect(await unsubscribeByToken(database.db, UNSUB)).toBe(true);
    const [reader] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, "s-1"));
    expect(reader.status).toBe("unsubscribed");
  });

  it("leaves sent and failed emails with the app's markers, word for word", async () => {
    const expected = scrubEmail(LEGACY);
    expect(expected.text).toContain("[link removed after sending]");
    expect(expected.text).toContain("[voucher …9PXM, code removed after sending]");
    for (const id of ["e-sent", "e-failed"]) {
      const row = await email(id);
      expect({ subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers }).toEqual(
        expected,
      );
      expect(row.sealed).toBe(false);
      expect(await sealedText(database.db, id)).toBeNull();
    }
  });

  it("seals an unsent email: the markers stored, its live text apart until it leaves pending", async () => {
    const row = await email("e-pending");
    const expected = scrubEmail(LEGACY);
    expect(row.sealed).toBe(true);
    expect(row.textBody).toBe(expected.text);
    expect(await sealedText(database.db, "e-pending")).toEqual(LEGACY);
    await database.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.id, "e-pending"));
    expect(await sealedText(database.db, "e-pending")).toBeNull();
    const everything = JSON.stringify(await database.db.execute(sql`select * from email_outbox`));
    for (const secret of [TOKEN, OFFER, UNSUB, CODE]) expect(everything).not.toContain(secret);
  });

  it("leaves an email without secrets as it was", async () => {
    const row = await email("e-plain");
    expect(row.sealed).toBe(false);
    expect(row.textBody).toBe("A booking for https://tidewater.example/adventures/dive-exhibition");
  });
});

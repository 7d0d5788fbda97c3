/**
 * Private links and voucher codes in emails: the outbox stores each email
 * with them replaced by a marker; the live text waits sealed while the email
 * is unsent, goes out as written, and is gone the moment it is delivered, so
 * nothing in the database opens a booking or pays with a voucher any more.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesInDependencyOrder } from "../../server/db/backup.server.ts";
import { emailOutbox } from "../../server/db/schema.ts";
import { bookingByToken } from "../../server/domain/bookings/booking-links.server.ts";
import { enqueueEmail, SEALED_TEXT_LOST, sealedText } from "../../server/email/outbox.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import type { Mailer } from "../../server/email/sender.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Mia Nguyen" };
const delivered: Parameters<Mailer["sendMail"]>[0][] = [];
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
    {
      mailer: {
        sendMail: async (message) => {
          delivered.push(message);
        },
      },
    },
  );
});
afterAll(() => t?.close());

/** Every row of every table as text: where a leaked secret would be. */
async function everything(): Promise<string> {
  const parts: string[] = [];
  for (const table of tablesInDependencyOrder()) {
    const result = (await t.db.execute(
      sql`select row_to_json(t)::text as j from ${sql.identifier(table.name)} t`,
    )) as unknown as { rows: { j: string }[] };
    parts.push(...result.rows.map((r) => r.j));
  }
  return parts.join("\n");
}

async function outboxRow(dedupeKey: string) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey));
  return row;
}

describe("secrets in the outbox", () => {
  it("a confirmation's private link is stored as a marker, sent live, and gone from the database once delivered", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ selected_date: date, group_size: 1, customer_email: "sealed@example.com" }),
      ),
    );
    const created = (await res.json()) as { session_id: string; booking_id: string };
    expect(
      (
        await t.app.request(
          `/api/payments/v1/test-checkout/${created.session_id}/pay`,
          jsonRequest("POST", PAY),
        )
      ).status,
    ).toBe(200);
    const key = `booking_confirmation:${created.booking_id}`;
    const queued = await outboxRow(key);
    expect(queued.sealed).toBe(true);
    expect(queued.textBody).toContain(`View your booking or cancel it online: ${LINK_REMOVED}`);
    expect(queued.htmlBody).not.toMatch(/\/my-booking\/[A-Za-z0-9_-]{20,}/);
    const token = /\/my-booking\/([A-Za-z0-9_-]{43})/.exec(
      (await sealedText(t.db, queued.id))?.text ?? "",
    )?.[1];
    expect(token).toBeTruthy();

    await t.services.outbox.flush();
    const message = delivered.find((m) => m.to === "sealed@example.com" && m.subject.includes("confirmed"));
    expect(message?.text).toContain(`/my-booking/${token}`);
    expect(message?.html).toContain(`/my-booking/${token}`);
    expect((await bookingByToken(t.db, token as string, new Date()))?.booking.id).toBe(created.booking_id);

    const sent = await outboxRow(key);
    expect(sent.status).toBe("sent");
    expect(await sealedText(t.db, sent.id)).toBeNull();
    // What the operator needs to read it is still there.
    expect(sent.textBody).toContain(LINK_REMOVED);
    expect(sent.textBody).toContain("Mia");
    expect(await everything()).not.toContain(token);
  });

  it("a voucher code is emailed in full and kept nowhere in the database", async () => {
    const token = await login(t);
    const res = await t.app.request(
      "/api/admin/vouchers",
      authed(token, "POST", { amount: "60", email: "coded@example.com", name: "Kai" }),
    );
    const { voucher } = (await res.json()) as { voucher: { id: string; code_hint: string } };
    await t.services.outbox.flush();
    const message = delivered.find((m) => m.to === "coded@example.com");
    const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(message?.text ?? "")?.[0] ?? "";
    expect(code.slice(-4)).toBe(voucher.code_hint.slice(-4));
    expect(message?.html).toContain(code);
    const stored = await outboxRow(`voucher_code:${voucher.id}`);
    expect(stored.textBody).toContain(`[voucher ${voucher.code_hint}, code removed after sending]`);
    expect(await everything()).not.toContain(code);
    expect((await t.app.request("/api/vouchers/check", jsonRequest("POST", { code }))).status).toBe(200);
  });

  it("never sends the markers: a sealed email without its live text fails with the reason", async () => {
    await enqueueEmail(t.db, {
      kind: "test",
      to: "lost@example.com",
      subject: "Your link",
      text: `Open https://tidewater.example/my-booking/${"A".repeat(43)}`,
      dedupeKey: "sealed-lost",
    });
    const row = await outboxRow("sealed-lost");
    // As after a restore: the sealed text is not there.
    await t.db.execute(sql`delete from email_outbox_sealed where email_id = ${row.id}`);
    await t.services.outbox.flush();
    expect(delivered.some((m) => m.to === "lost@example.com")).toBe(false);
    expect(await outboxRow("sealed-lost")).toMatchObject({ status: "failed", lastError: SEALED_TEXT_LOST });
  });
});

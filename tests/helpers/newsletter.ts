/**
 * Newsletter sign-ups in tests: the footer's sign-up only sends a confirmation
 * email (double opt-in), so a test that needs an active subscriber signs up
 * and confirms from that email's link, as the person would.
 */
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { emailOutbox } from "../../server/db/schema.ts";
import {
  confirmByToken,
  NEWSLETTER_CONFIRM_KIND,
} from "../../server/domain/messaging/newsletter-signup.server.ts";
import { sentText } from "./outbox.ts";
import { jsonRequest, type TestContext } from "./test-app.ts";

/** The link a confirmation email carries, and its token. */
export const CONFIRM_LINK = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})\b/;

type Ctx = Pick<TestContext, "app" | "db" | "services">;

/** The confirmation emails queued for an address, oldest first. */
export function confirmationEmails(db: Ctx["db"], email: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email.toLowerCase()), eq(emailOutbox.kind, NEWSLETTER_CONFIRM_KIND)))
    .orderBy(asc(emailOutbox.createdAt));
}

/** The tokens of an address's confirmation links, in the order the emails were queued. */
export async function confirmationTokens(db: Ctx["db"], email: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const row of await confirmationEmails(db, email)) {
    const token = CONFIRM_LINK.exec(await sentText(db, row))?.[1];
    expect(token, `no confirmation link in email ${row.id}`).toBeTruthy();
    tokens.push(token as string);
  }
  return tokens;
}

/** Signs an address up through the API and confirms it from its newest email; answers its row id. */
export async function subscribeConfirmed(on: Ctx, email: string): Promise<string> {
  const res = await on.app.request("/api/newsletter/subscribe", jsonRequest("POST", { email }));
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  const token = (await confirmationTokens(on.db, email)).at(-1);
  expect(token, `no confirmation email to ${email}`).toBeTruthy();
  expect(await confirmByToken(on.db, token as string, on.services.now())).toBe(true);
  return id;
}

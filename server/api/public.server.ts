import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { contactSchema, newsletterSchema } from "../../app/lib/validation.ts";
import { contactMessages, newsletterSubscribers } from "../db/schema.ts";
import { listActiveAdventures } from "../domain/adventures.server.ts";
import { loadSiteContent } from "../domain/content.server.ts";
import { getNotificationEmail } from "../domain/settings.server.ts";
import { enqueueEmail } from "../email/outbox.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/** Anonymous endpoints of the public site (public spec section 7). */
export function publicApi({ database, log }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/adventures-pro", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listActiveAdventures(db));
  });

  api.post("/contact", async (c) => {
    const input = await readJson(c, contactSchema);
    const content = await loadSiteContent(db);
    const notify = await getNotificationEmail(db, content);
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone,
          adventureType: input.adventure_type,
          message: input.message,
        })
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      await enqueueEmail(tx, {
        kind: "contact_notice",
        to: notify,
        subject: `New message from ${input.first_name} ${input.last_name} (${input.adventure_type})`,
        text: [
          `${input.first_name} ${input.last_name} <${input.email}>${input.phone ? `, ${input.phone}` : ""}`,
          `About: ${input.adventure_type}`,
          "",
          input.message,
          "",
          "Reply from the admin area: Contact messages.",
        ].join("\n"),
        dedupeKey: `contact_notice:${row.id}`,
      });
      return row;
    });
    log.info("contact message stored", { id: saved.id });
    return c.json({ success: true, id: saved.id, created_at: saved.createdAt.toISOString() }, 201);
  });

  api.post("/newsletter/subscribe", async (c) => {
    const { email } = await readJson(c, newsletterSchema);
    const normalised = email.toLowerCase();
    // Idempotent: a known address is (re)activated, never duplicated.
    const [row] = await db
      .insert(newsletterSubscribers)
      .values({ email: normalised, status: "active" })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          status: "active",
          subscribedAt: sql`case when ${newsletterSubscribers.status} = 'active' then ${newsletterSubscribers.subscribedAt} else now() end`,
        },
      })
      .returning({ id: newsletterSubscribers.id });
    return c.json({
      success: true,
      id: row.id,
      message: "Thanks for subscribing! Watch your inbox for trip news.",
    });
  });

  return api;
}

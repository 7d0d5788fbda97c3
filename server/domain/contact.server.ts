/** Contact messages for the operator: the list and the one-time reply. */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { ContactInput } from "../../app/lib/validation.ts";
import type { DB } from "../db/client.server.ts";
import { contactMessages } from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox.server.ts";
import { conflict, notFound } from "../errors.server.ts";
import { loadSiteContent } from "./content.server.ts";
import { getNotificationEmail } from "./settings.server.ts";

type Row = typeof contactMessages.$inferSelect;

export interface AdminContactMessage {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  adventure_type: string;
  message: string;
  created_at: string;
  /** null until answered; then the reply and when it was sent. */
  response: { response: string; responded_at: string } | null;
}

function toAdminMessage(r: Row): AdminContactMessage {
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    adventure_type: r.adventureType,
    message: r.message,
    created_at: r.createdAt.toISOString(),
    response:
      r.response !== null && r.respondedAt
        ? { response: r.response, responded_at: r.respondedAt.toISOString() }
        : null,
  };
}

/** Newest first; bounded so one request can never read an unbounded table. */
export async function listMessages(db: DB, limit = 500): Promise<AdminContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map(toAdminMessage);
}

/**
 * Saves the reply and queues the email to the sender in one transaction: the
 * email exists exactly when the reply does. A message is answered once (409).
 */
export async function respondToMessage(
  db: DB,
  id: string,
  response: string,
  siteTitle: string,
  now = new Date(),
): Promise<AdminContactMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ response, respondedAt: now })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.respondedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      if (!exists) throw notFound("Message not found");
      throw conflict("This message has already been answered.");
    }
    const quoted = row.message
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join("\n");
    await enqueueEmail(tx, {
      kind: "contact_reply",
      to: row.email,
      subject: `Re: your message to ${siteTitle}`,
      text: [`Hi ${row.firstName},`, "", response, "", `${siteTitle}`, "", "Your message:", quoted].join(
        "\n",
      ),
      dedupeKey: `contact_reply:${row.id}`,
    });
    return toAdminMessage(row);
  });
}

/**
 * Stores a visitor's message and, in the same transaction, the operator's
 * notice email: used by POST /api/contact and by the contact page's
 * no-JavaScript form.
 */
export async function saveContactMessage(
  db: DB,
  input: ContactInput,
): Promise<{ id: string; createdAt: Date }> {
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
  return saved;
}

/** Contact messages for the operator: the list and the one-time reply. */
import { and, desc, eq, isNull } from "drizzle-orm";
import { CONTACT_EXTRA_TYPES, CONTACT_TYPE_MESSAGE, type ContactInput } from "../../../app/lib/validation.ts";
import type { DB } from "../../db/client.server.ts";
import { contactMessages } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { listActiveAdventures } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";

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
    await recordAudit(tx, {
      action: "respond",
      entity: "contact_message",
      entityId: row.id,
      before: { response: null, responded_at: null },
      after: { response, responded_at: now },
    });
    return toAdminMessage(row);
  });
}

export interface ContactAdventureType {
  value: string;
  label: string;
}

/**
 * What a visitor can ask about: every active adventure (its id, shown by its
 * title, in the catalogue's order), then a custom trip and a general
 * question. A new adventure is on the list as soon as it is active.
 */
export async function contactAdventureTypes(db: DB): Promise<ContactAdventureType[]> {
  const active = await listActiveAdventures(db);
  return [...active.map((a) => ({ value: a.id, label: a.title })), ...CONTACT_EXTRA_TYPES];
}

/** The field's message when `value` is not on the list, else null. */
export async function contactTypeError(db: DB, value: string): Promise<string | null> {
  const types = await contactAdventureTypes(db);
  return types.some((t) => t.value === value) ? null : CONTACT_TYPE_MESSAGE;
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
  const typeError = await contactTypeError(db, input.adventure_type);
  if (typeError) throw badRequest(`adventure_type: ${typeError}`, { adventure_type: typeError });
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

import { and, eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { contentSections, settings } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.server.ts";
import type { SiteContent } from "./content.server.ts";

export async function getSetting<T>(db: DB, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function setSetting(db: DB, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Where operator notices go: the setting, else the public contact email. */
export async function getNotificationEmail(db: DB, content: SiteContent): Promise<string> {
  return (
    (await getSetting<string>(db, "notification_email")) ||
    content.contact?.contact_email ||
    "hello@tidewaterdive.com.au"
  );
}

/* ---------- The settings page (/admin/settings-pro) ---------- */

const NOTIFICATION_EMAIL_KEY = "notification_email";

/**
 * The public contact details ARE these content sections (page "contact"):
 * the settings page edits the same rows as the website editor.
 */
export const CONTACT_SECTIONS = {
  contact_email: "contact_email",
  contact_phone: "contact_phone",
  contact_whatsapp: "contact_whatsapp",
  contact_street_address: "contact_street_address",
  contact_postcode: "contact_postcode",
} as const;

export interface SiteSettings {
  notification_email: string;
  contact_email: string;
  contact_phone: string;
  contact_whatsapp: string;
  contact_street_address: string;
  contact_postcode: string;
}

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db
    .select({ section: contentSections.section, content: contentSections.content })
    .from(contentSections)
    .where(
      and(
        eq(contentSections.page, "contact"),
        inArray(contentSections.section, Object.values(CONTACT_SECTIONS)),
      ),
    );
  const bySection = new Map(rows.map((r) => [r.section, r.content]));
  return {
    notification_email: (await getSetting<string>(db, NOTIFICATION_EMAIL_KEY)) ?? "",
    contact_email: bySection.get("contact_email") ?? "",
    contact_phone: bySection.get("contact_phone") ?? "",
    contact_whatsapp: bySection.get("contact_whatsapp") ?? "",
    contact_street_address: bySection.get("contact_street_address") ?? "",
    contact_postcode: bySection.get("contact_postcode") ?? "",
  };
}

/**
 * Writes the given fields; the contact ones into their content rows (created
 * if missing). The audit entry holds the settings before and after.
 */
export async function updateSiteSettings(db: DB, input: Partial<SiteSettings>): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    const before = await getSiteSettings(tx);
    if (input.notification_email !== undefined) {
      await setSetting(tx, NOTIFICATION_EMAIL_KEY, input.notification_email);
    }
    for (const key of Object.keys(CONTACT_SECTIONS) as (keyof typeof CONTACT_SECTIONS)[]) {
      const value = input[key];
      if (value === undefined) continue;
      await tx
        .insert(contentSections)
        .values({ page: "contact", section: CONTACT_SECTIONS[key], type: "text", content: value })
        .onConflictDoUpdate({
          target: [contentSections.page, contentSections.section],
          set: { content: value, updatedAt: new Date() },
        });
    }
    const after = await getSiteSettings(tx);
    await recordAudit(tx, {
      action: "update",
      entity: "settings",
      entityId: "site",
      before: { ...before },
      after: { ...after },
    });
  });
  return getSiteSettings(db);
}

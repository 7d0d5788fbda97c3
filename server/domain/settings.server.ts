import { eq } from "drizzle-orm";
import type { DB } from "../db/client.server.ts";
import { settings } from "../db/schema.ts";
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

import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { DB } from "../../db/client.server.ts";
import { getSetting, setSetting } from "../content/settings.server.ts";

export const PASSWORD_HASH_KEY = "admin_password_hash";

/**
 * Brief, "Admin access": ADMIN_PASSWORD wins; otherwise a password is generated
 * on the first start, stored only as an argon2id hash, and returned once so
 * the caller can print it. Returns null when nothing new was generated.
 */
export async function ensureAdminPassword(db: DB, fromEnv: string | undefined): Promise<string | null> {
  if (fromEnv) return null;
  if (await getSetting<string>(db, PASSWORD_HASH_KEY)) return null;
  // 18 random bytes -> 24 base64url characters (144 bits).
  const password = randomBytes(18).toString("base64url");
  await setSetting(db, PASSWORD_HASH_KEY, await hash(password));
  return password;
}

/** The argon2id hash to store for a new password (slow: computed before any transaction opens). */
export function hashAdminPassword(password: string): Promise<string> {
  return hash(password);
}

import { Hono } from "hono";
import { changePasswordSchema } from "../../app/lib/admin-security.ts";
import { bearerToken } from "../domain/access/auth.server.ts";
import { changeMemberPassword } from "../domain/access/staff-reset.server.ts";
import { conflict, HttpError } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { checkCurrentPassword, holderOf } from "./admin-auth.server.ts";
import { readJson } from "./validate.server.ts";

export const OWNER_PASSWORD_ELSEWHERE =
  "Your password is the site's own: change it under Settings → Sign-in and security (POST /api/admin/password).";

/**
 * A staff member's own password, from "Your sign-in" (behind requireAdmin,
 * everyone's own): the current password checked through the same counted
 * path as the owner's change, the same rules for the new one, and every
 * other session of theirs ended; the device that changed it stays signed in.
 * The owner's password is the site's and keeps its own address and answer.
 */
export function adminAccountApi(services: Services) {
  const { database, log } = services;
  const db = database.db;
  const api = new Hono();

  api.post("/admin/account/password", async (c) => {
    const { staffId } = holderOf(c);
    if (staffId === null) throw conflict(OWNER_PASSWORD_ELSEWHERE);
    const input = await readJson(c, changePasswordSchema);
    const limited = await checkCurrentPassword(c, services, input.current_password);
    if (limited) return limited;
    const token = bearerToken(c.req.header("Authorization")) ?? "";
    const ended = await changeMemberPassword(db, staffId, input.new_password, token, services.now());
    if (ended === null)
      throw new HttpError(401, "Your session has expired or is not valid. Please log in again.");
    log.info("staff member changed their password; other sessions ended", { ended });
    return c.json({ success: true, ended });
  });

  return api;
}

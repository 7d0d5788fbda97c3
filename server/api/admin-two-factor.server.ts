import { Hono } from "hono";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  startTwoFactorSchema,
} from "../../app/lib/admin-security.ts";
import { OWNER_PERSON } from "../../app/lib/audit-log.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import type { DB } from "../db/client.server.ts";
import { twoFactorLock } from "../domain/access/staff-two-factor.server.ts";
import {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactor,
  spendSecondFactor,
  startEnrolment,
  twoFactorStatus,
} from "../domain/access/two-factor.server.ts";
import { recordAudit } from "../domain/audit/audit.server.ts";
import { badRequest, conflict } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { checkPasswordCounted, holderOf, slotOf } from "./admin-auth.server.ts";
import { readJson } from "./validate.server.ts";

const ALREADY_ON = "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.";
export const NEEDS_ENCRYPTION_KEY =
  "Two-factor sign-in needs ENCRYPTION_KEY in the server configuration on PostgreSQL (the same value for every server process), so the authenticator's secret is stored encrypted. Set it and restart the server.";
const WRONG_PASSWORD = "The password is not correct";

/** A person's two-factor sign-in turned on or off: the entry says so, never the secret or its codes. */
function recordTwoFactor(tx: DB, staffId: string | null, action: "enable" | "disable") {
  return recordAudit(tx, {
    action,
    entity: "two_factor",
    entityId: staffId ?? OWNER_PERSON,
    before: { enabled: action === "disable" },
    after: { enabled: action === "enable" },
  });
}

/**
 * Two-factor sign-in from the settings page (behind requireAdmin), each
 * person their own (the owner's, or the signed-in member's): start an
 * enrolment with the password, confirm it with a current code (the recovery
 * codes are answered once), and turn it off with the password plus a code,
 * unless the account must keep it (twoFactorLock).
 */
export function adminTwoFactorApi(services: Services) {
  const { database, log, env } = services;
  const db = database.db;
  const box = services.secretBox;
  const api = new Hono();

  /**
   * The password again, not only the token: a stolen token must not be able
   * to tie the console to the thief's phone and lock the operator out.
   */
  api.post("/admin/two-factor/start", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const { password } = await readJson(c, startTwoFactorSchema);
    if (!box) throw conflict(NEEDS_ENCRYPTION_KEY);
    const slot = slotOf(holderOf(c));
    if (await getTwoFactor(db, slot)) throw conflict(ALREADY_ON);
    const checked = await checkPasswordCounted(c, services, password);
    if (checked instanceof Response) return checked;
    if (!checked) throw badRequest(`password: ${WRONG_PASSWORD}`, { password: WRONG_PASSWORD });
    const label = `Admin (${new URL(env.publicUrl).host})`;
    const enrolment = await startEnrolment(db, box, services.now(), label, slot);
    if (!enrolment) throw conflict(ALREADY_ON);
    return c.json(enrolment);
  });

  api.post("/admin/two-factor/confirm", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const { code } = await readJson(c, confirmTwoFactorSchema);
    if (!box) throw conflict(NEEDS_ENCRYPTION_KEY);
    const holder = holderOf(c);
    const slot = slotOf(holder);
    const result = await db.transaction(async (tx) => {
      const confirmed = await confirmEnrolment(tx, box, code, services.now(), slot);
      if (confirmed.ok) await recordTwoFactor(tx, holder.staffId, "enable");
      return confirmed;
    });
    if (!result.ok) {
      if (result.reason === "wrong-code") {
        throw badRequest("code: That code does not match. Enter the code your app shows now.", {
          code: "That code does not match. Enter the code your app shows now.",
        });
      }
      if (result.reason === "already-enabled") throw conflict(ALREADY_ON);
      throw conflict("The set-up has expired or was not started. Please start again.");
    }
    log.info("admin two-factor sign-in turned on");
    return c.json({
      success: true,
      ...(await twoFactorStatus(db, box, slot)),
      recovery_codes: result.recoveryCodes,
    });
  });

  api.post("/admin/two-factor/disable", async (c) => {
    const input = await readJson(c, disableTwoFactorSchema);
    const holder = holderOf(c);
    const slot = slotOf(holder);
    const record = await getTwoFactor(db, slot);
    if (!record) throw conflict("Two-factor sign-in is already off.");
    // Refused before the password is checked: the answer is the same whatever is typed.
    const locked = await twoFactorLock(db, holder);
    if (locked) throw conflict(locked);
    const checked = await checkPasswordCounted(c, services, input.password);
    if (checked instanceof Response) return checked;
    if (!checked) throw badRequest(`password: ${WRONG_PASSWORD}`, { password: WRONG_PASSWORD });
    if (!(await spendSecondFactor(db, box, record, input.code, services.now(), { slot }))) {
      throw badRequest("code: That code is not valid", {
        code: "That code is not valid. Enter the current code from your app, or a recovery code.",
      });
    }
    await db.transaction(async (tx) => {
      await disableTwoFactor(tx, slot);
      await recordTwoFactor(tx, holder.staffId, "disable");
    });
    log.warn("admin two-factor sign-in turned off");
    return c.json({ success: true, ...(await twoFactorStatus(db, box, slot)) });
  });

  return api;
}

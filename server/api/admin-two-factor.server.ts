import { Hono } from "hono";
import { confirmTwoFactorSchema, disableTwoFactorSchema } from "../../app/lib/admin-security.ts";
import {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactor,
  spendSecondFactor,
  startEnrolment,
  twoFactorStatus,
} from "../domain/access/two-factor.server.ts";
import { badRequest, conflict } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { checkPasswordCounted } from "./admin-auth.server.ts";
import { readJson } from "./validate.server.ts";

const ALREADY_ON = "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.";

/**
 * Two-factor sign-in from the settings page (behind requireAdmin): start an
 * enrolment, confirm it with a current code (the recovery codes are answered
 * once), and turn it off with the password plus a current code.
 */
export function adminTwoFactorApi(services: Services) {
  const { database, log, env } = services;
  const db = database.db;
  const api = new Hono();

  api.post("/admin/two-factor/start", async (c) => {
    c.header("Cache-Control", "no-store");
    const label = `Admin (${new URL(env.publicUrl).host})`;
    const enrolment = await startEnrolment(db, services.now(), label);
    if (!enrolment) throw conflict(ALREADY_ON);
    return c.json(enrolment);
  });

  api.post("/admin/two-factor/confirm", async (c) => {
    c.header("Cache-Control", "no-store");
    const { code } = await readJson(c, confirmTwoFactorSchema);
    const result = await confirmEnrolment(db, code, services.now());
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
    return c.json({ success: true, ...(await twoFactorStatus(db)), recovery_codes: result.recoveryCodes });
  });

  api.post("/admin/two-factor/disable", async (c) => {
    const input = await readJson(c, disableTwoFactorSchema);
    const record = await getTwoFactor(db);
    if (!record) throw conflict("Two-factor sign-in is already off.");
    const checked = await checkPasswordCounted(c, services, input.password);
    if (checked instanceof Response) return checked;
    if (!checked) {
      throw badRequest("password: The password is not correct", { password: "The password is not correct" });
    }
    if (!(await spendSecondFactor(db, record, input.code, services.now()))) {
      throw badRequest("code: That code is not valid", {
        code: "That code is not valid. Enter the current code from your app, or a recovery code.",
      });
    }
    await disableTwoFactor(db);
    log.warn("admin two-factor sign-in turned off");
    return c.json({ success: true, ...(await twoFactorStatus(db)) });
  });

  return api;
}

/**
 * The operator's sign-in settings as both sides see them: the password change
 * and two-factor payloads (one zod schema each, used by the settings form and
 * by the API) and the answers the settings page reads.
 */
import { z } from "zod";

export const NEW_PASSWORD_MIN = 12;

/** POST: changes the password and answers with this device's new token (every session ends). */
export const CHANGE_PASSWORD_PATH = "/api/admin/password";
/** POST: a staff member changes their own password (same payload); their other sessions end, this one stays. */
export const ACCOUNT_PASSWORD_PATH = "/api/admin/account/password";
export const PASSWORD_MAX = 500;

const password = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters`);

export const changePasswordSchema = z
  .object({
    current_password: password("Current password"),
    new_password: password("New password").min(
      NEW_PASSWORD_MIN,
      `New password must be at least ${NEW_PASSWORD_MIN} characters`,
    ),
    confirm_password: z.string({ error: "Confirm the new password" }).max(PASSWORD_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.confirm_password !== v.new_password) {
      ctx.addIssue({
        code: "custom",
        path: ["confirm_password"],
        message: "The two new passwords do not match",
      });
    }
    if (v.new_password === v.current_password) {
      ctx.addIssue({
        code: "custom",
        path: ["new_password"],
        message: "The new password must be different from the current one",
      });
    }
  });

/** A 6-digit code from the authenticator app, or (where allowed) a recovery code. */
const codeField = z
  .string({ error: "Code is required" })
  .trim()
  .min(1, "Code is required")
  .max(64, "Code must be at most 64 characters");

/** Turning two-factor on asks for the password again: a token alone must not tie the console to a new phone. */
export const startTwoFactorSchema = z.object({ password: password("Password") });

export const confirmTwoFactorSchema = z.object({ code: codeField });

export const disableTwoFactorSchema = z.object({ password: password("Password"), code: codeField });

/** GET /api/admin/security */
export interface SecurityStatus {
  /** "environment": ADMIN_PASSWORD is set and wins; the password cannot be changed in the console. */
  password_source: "environment" | "database";
  /** Why this person cannot turn their two-factor off (their role needs it once staff exist), or null. */
  two_factor_locked: string | null;
  two_factor: {
    enabled: boolean;
    enabled_at: string | null;
    recovery_codes_left: number;
    /** False when the server has no key to encrypt a new secret with (PostgreSQL without ENCRYPTION_KEY). */
    can_set_up: boolean;
    /**
     * How the stored secret is kept, when on: "unencrypted" (from before, with no key to encrypt it yet),
     * "unreadable" (stored with another key: sign-in with a code fails until that key is back).
     */
    secret: "encrypted" | "unencrypted" | "unreadable" | null;
  };
}

/** GET: the live admin sessions; DELETE: sign out everywhere (this device too). */
export const SESSIONS_PATH = "/api/admin/sessions";

/** One live admin session as the settings page lists it (GET /api/admin/sessions); never its token. */
export interface AdminSession {
  /** DELETE /api/admin/sessions/{id} ends it. */
  id: string;
  /** The browser and system in words, from its User-Agent: "Chrome on Windows". */
  device: string;
  /** The address it was last used from. */
  address: string;
  signed_in_at: string;
  last_used_at: string;
  /** The session of the device asking. */
  current: boolean;
}

/** POST /api/admin/two-factor/start */
export interface TwoFactorEnrolment {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP", easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

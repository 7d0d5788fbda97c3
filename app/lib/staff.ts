/**
 * The staff payloads, one zod schema each, read by the API (the screens
 * send the same fields; their paths and the answers they read are in
 * staff-api.ts, which holds no schema and so costs the console's bundle no zod).
 */

import { NEW_PASSWORD_MIN, PASSWORD_MAX } from "./admin-security.ts";
import { INVITABLE_ROLES } from "./staff-access.ts";
import { emailField } from "./validation.ts";
import { z } from "./zod.ts";

const roleField = z.enum(INVITABLE_ROLES, { error: "Choose a role: Manager, Crew or Bookkeeper" });

export const inviteSchema = z.object({
  email: emailField,
  name: z
    .string({ error: "Name must be text" })
    .trim()
    .min(1, "Name is required")
    .max(80, "Name must be at most 80 characters"),
  role: roleField,
});

/** PATCH /api/admin/staff/:id: a new role, suspending or reinstating, resetting the second factor. */
export const staffChangeSchema = z
  .object({
    role: roleField.optional(),
    status: z.enum(["active", "suspended"], { error: "Status must be active or suspended" }).optional(),
    reset_two_factor: z.literal(true, { error: "reset_two_factor can only be true" }).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined || v.reset_two_factor, {
    message: "Send a role, a status or reset_two_factor",
    path: ["role"],
  });

/** PUT /api/admin/staff/owner: the owner's sign-in email, and whether everyone needs two-factor. */
export const ownerSettingsSchema = z.object({
  email: emailField,
  require_two_factor: z.boolean({ error: "require_two_factor must be true or false" }).optional(),
});

const newPassword = {
  password: z
    .string({ error: "Password is required" })
    .min(NEW_PASSWORD_MIN, `Password must be at least ${NEW_PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  confirm_password: z.string({ error: "Confirm the password" }).max(PASSWORD_MAX),
};
const samePassword = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
const mismatch = { message: "The two passwords do not match", path: ["confirm_password"] };

export const acceptInviteSchema = z
  .object({
    ...newPassword,
    /** The first code of the authenticator set up on the page, when the role needs two-factor. */
    code: z
      .string({ error: "Code must be text" })
      .trim()
      .max(64, "Code must be at most 64 characters")
      .optional(),
  })
  .refine(samePassword, mismatch);

/** POST /api/admin/password-reset: a member asks for a link (everyone gets the same answer). */
export const resetRequestSchema = z.object({ email: emailField });

/** POST /api/admin/password-reset/:token */
export const resetPasswordSchema = z.object(newPassword).refine(samePassword, mismatch);

/**
 * The staff screen, the invitation and reset pages and the sign-in as both
 * sides see them: the API's paths and the answers the screens read. No zod
 * here: the console's sign-in loads this module, and its payload schemas
 * live in staff.ts.
 */
import type { AdminSession } from "./admin-security.ts";
import type { InvitableRole, StaffRole } from "./staff-access.ts";

/** How long an invitation's link works. */
export const INVITE_LINK_HOURS = 72;

export const STAFF_PATH = "/api/admin/staff";
export const ME_PATH = "/api/admin/me";
/** POST: a member asks for a password-reset link (everyone gets the same answer); `/:token` uses it. */
export const RESET_REQUEST_PATH = "/api/admin/password-reset";

export type StaffStatus = "invited" | "active" | "suspended";

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: InvitableRole;
  status: StaffStatus;
  two_factor: boolean;
  /** The invitation's link has expired (an invited member the owner may invite again). */
  invite_expired: boolean;
  /** Their live sessions (device, address, last use); DELETE /api/admin/staff/:id/sessions/:session ends one. */
  sessions: AdminSession[];
  created_at: string;
}

/** GET /api/admin/staff */
export interface StaffList {
  owner: { email: string | null; two_factor: boolean };
  require_two_factor: boolean;
  members: StaffMember[];
}

/** GET /api/admin/me: who is signed in, for the navigation. */
export interface SignedIn {
  role: StaffRole;
  email: string | null;
  name: string;
  /** The role needs two-factor and this person has none yet: only "Your sign-in" works until it is set up. */
  two_factor_needed: boolean;
}

/** GET /api/admin/invites/:token */
export interface InviteView {
  email: string;
  name: string;
  role: InvitableRole;
  /** The role needs two-factor: the page sets up the authenticator before the password is saved. */
  two_factor_required: boolean;
  /** With two_factor_required: the enrolment to show (the secret as text and a QR code). */
  enrolment: { secret: string; otpauth_uri: string; qr_code: string } | null;
}

/**
 * Who may do what in the operator console: four roles and the permissions
 * each holds. Every admin page and admin API call declares the one permission
 * it needs beside its address (app/route-policy.ts); the server checks it on
 * every API call and the console's navigation shows only the screens the
 * signed-in role may open. This module is the one rule both read.
 *
 * - Owner: everything, including staff, settings, payments set-up and
 *   deleting content.
 * - Manager: every operation (bookings, refunds, schedules, content,
 *   messages), never staff or settings.
 * - Crew: the trip day: the trips, the manifest, check-in and each person's
 *   readiness (a medical status; the answers only as a departure's instructor
 *   when the Owner allows it, ADR 37); no money, no content, no exports.
 * - Bookkeeper: payments, refunds, vouchers, invoices and exports; bookings
 *   read-only; no content.
 *
 * Pure data and functions: the browser's bundle reads it too.
 */

export const STAFF_ROLES = ["owner", "manager", "crew", "bookkeeper"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles an owner can give: there is one owner, the site's own account. */
export const INVITABLE_ROLES = ["manager", "crew", "bookkeeper"] as const satisfies readonly StaffRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  crew: "Crew",
  bookkeeper: "Bookkeeper",
};

export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: "Everything, including staff, settings, payments set-up and deleting content.",
  manager: "Bookings, refunds, schedules, content and messages; not staff or settings.",
  crew: "Trip days: trips, the manifest, check-in and readiness. No money, content or exports.",
  bookkeeper: "Payments, refunds, vouchers, invoices and exports; bookings read-only.",
};

const ALL: readonly StaffRole[] = STAFF_ROLES;
const OPERATORS: readonly StaffRole[] = ["owner", "manager"];
const MONEY: readonly StaffRole[] = ["owner", "manager", "bookkeeper"];
const TRIP_DAY: readonly StaffRole[] = ["owner", "manager", "crew"];
const OWNER: readonly StaffRole[] = ["owner"];

/** Each permission and the roles that hold it. */
export const PERMISSIONS = {
  /** Being signed in: signing out, one's own password, two-factor and sessions. */
  console: ALL,
  /** The dashboards: bookings, revenue and figures. */
  dashboard: MONEY,
  /** The trips list: departures with their people and readiness. */
  trips: ALL,
  /** The manifest, check-in, certification checks and marking a trip completed. */
  "trip-day": TRIP_DAY,
  /** Medical answers and doctors' clearances, participants' full records. */
  medical: OPERATORS,
  "bookings.read": MONEY,
  /** Taking, changing and cancelling bookings, their contacts, notes and links. */
  "bookings.write": OPERATORS,
  /** Payments, refunds, vouchers and invoices; reading promo codes with their uses and revenue. */
  money: MONEY,
  /** CSV downloads of bookings and manifests. */
  exports: MONEY,
  /** Availability and its prices, schedules, weather call-offs, the waitlist and promo codes. */
  operations: OPERATORS,
  /** Contact messages, the newsletter and the email log. */
  messages: OPERATORS,
  /** The website's text, adventures, media, FAQs, reviews, trip emails and the waiver. */
  content: OPERATORS,
  /** Deleting content for good. */
  "content.delete": OWNER,
  /** Site settings, payments and invoice set-up, the site's own password. */
  settings: OWNER,
  /** Inviting, changing, suspending and removing staff. */
  staff: OWNER,
  /** The audit log: who changed what, and its CSV. */
  audit: OWNER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The rule: whether `role` holds `permission`. Nothing declared is the owner's alone. */
export function can(role: StaffRole, permission: Permission | undefined): boolean {
  if (!permission) return role === "owner";
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The answer to a call the role may not make: says what is missing and who can. */
export function deniedMessage(role: StaffRole, permission: Permission | undefined): string {
  const holders = permission ? (PERMISSIONS[permission] as readonly StaffRole[]) : OWNER;
  const who = holders.map((r) => ROLE_LABELS[r]).join(", ");
  return `Your role (${ROLE_LABELS[role]}) does not allow this. It needs the "${permission ?? "owner"}" permission, which ${who} ${holders.length === 1 ? "has" : "have"}.`;
}

/** Whether two-factor sign-in is required of a role before it can use the console. */
export function twoFactorRequired(role: StaffRole, requiredForEveryone: boolean): boolean {
  return requiredForEveryone || role === "owner" || role === "manager";
}

/**
 * The permission rule (app/lib/staff-access.ts) and the console's reading of
 * it in the browser (app/lib/admin-screens.ts, the navigation): what each
 * role may do, in the words of the roles, and that the browser's match of a
 * screen agrees with the server's.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_NAV, navFor } from "../../app/components/admin/nav.ts";
import { canOpen, screenPermission } from "../../app/lib/admin-screens.ts";
import {
  can,
  deniedMessage,
  PERMISSION_NAMES,
  STAFF_ROLES,
  type StaffRole,
  twoFactorRequired,
} from "../../app/lib/staff-access.ts";
import { ROUTES } from "../../app/route-policy.ts";
import { matchRoute, permissionFor } from "../../server/route-match.server.ts";

const allowed = (role: StaffRole) => PERMISSION_NAMES.filter((p) => can(role, p));

describe("the roles", () => {
  it("the owner holds every permission", () => {
    expect(allowed("owner")).toEqual(PERMISSION_NAMES);
  });

  it("a manager runs every operation but not staff, settings, the audit log or deleting content", () => {
    expect(PERMISSION_NAMES.filter((p) => !can("manager", p))).toEqual([
      "content.delete",
      "settings",
      "staff",
      "audit",
    ]);
  });

  it("crew has the trip day only: no money, content, exports or medical answers", () => {
    expect(allowed("crew")).toEqual(["console", "trips", "trip-day"]);
  });

  it("a bookkeeper has money and exports, reads bookings and changes none, and no content", () => {
    expect(allowed("bookkeeper")).toEqual([
      "console",
      "dashboard",
      "trips",
      "bookings.read",
      "money",
      "exports",
    ]);
  });

  it("a call that declares nothing is the owner's alone", () => {
    expect(STAFF_ROLES.filter((r) => can(r, undefined))).toEqual(["owner"]);
  });

  it("a refusal names the role, the permission and who has it", () => {
    expect(deniedMessage("crew", "money")).toBe(
      'Your role (Crew) does not allow this. It needs the "money" permission, which Owner, Manager, Bookkeeper have.',
    );
    expect(deniedMessage("manager", "staff")).toMatch(/"staff" permission, which Owner has\./);
  });

  it("two-factor: always for owner and manager, for everyone when the owner says so", () => {
    expect(STAFF_ROLES.filter((r) => twoFactorRequired(r, false))).toEqual(["owner", "manager"]);
    expect(STAFF_ROLES.filter((r) => twoFactorRequired(r, true))).toEqual(STAFF_ROLES);
  });
});

describe("the console's screens in the browser", () => {
  it("match every admin page as the server does", () => {
    for (const row of ROUTES.filter((r) => r.page?.layout === "admin")) {
      const sample = row.path.replace(/:[A-Za-z]+/g, "x1").replace(/\/\*$/, "/unknown-screen");
      expect(screenPermission(sample), sample).toBe(permissionFor("GET", matchRoute(sample)));
    }
    expect(screenPermission("/admin/Bookings/abc")).toBe("bookings.read");
    expect(screenPermission("/admin/bookings/new")).toBe("bookings.write");
  });

  it("show each role only what it may open", () => {
    const crew = navFor("crew").flatMap((g) => g.items.map((i) => i.to));
    expect(crew).toEqual(["/admin/trips", "/admin/manifest", "/admin/account"]);
    expect(navFor("owner").flatMap((g) => g.items)).toHaveLength(ADMIN_NAV.length);
    expect(navFor("manager").flatMap((g) => g.items.map((i) => i.to))).not.toContain("/admin/staff");
    const bookkeeper = navFor("bookkeeper").flatMap((g) => g.items.map((i) => i.to));
    expect(bookkeeper).toContain("/admin/invoices");
    expect(bookkeeper).not.toContain("/admin/bookings/new");
    // Gear stock is written as prices are: the operators' screen, not the bookkeeper's.
    expect(bookkeeper).not.toContain("/admin/gear");
    expect(navFor("manager").flatMap((g) => g.items.map((i) => i.to))).toContain("/admin/gear");
    expect(canOpen("crew", "/admin/bookings/123")).toBe(false);
    expect(canOpen("crew", "/admin/anything-else")).toBe(true);
  });
});

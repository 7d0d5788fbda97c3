/**
 * Every admin API route with every role: the routes come from the router
 * itself and their permissions from the route table, so a route added
 * without a declared permission fails here, and each role gets exactly what
 * app/lib/staff-access.ts gives it (a 403 with a message otherwise).
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, PERMISSIONS, STAFF_ROLES, type StaffRole } from "../../app/lib/staff-access.ts";
import { ROUTES } from "../../app/route-policy.ts";
import { isAdminOnly } from "../../server/api/admin-auth.server.ts";
import { staffMembers } from "../../server/db/schema.ts";
import { createSession } from "../../server/domain/access/auth.server.ts";
import { OWNER_TWO_FACTOR } from "../../server/domain/access/two-factor.server.ts";
import { matchRoute, permissionFor } from "../../server/route-match.server.ts";
import { login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { giveTwoFactor, memberToken } from "../helpers/staff.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  // The owner's session by its password, before any member exists; each member's as a sign-in opens it.
  tokens.owner = await login(ctx);
  // Once staff exist the owner's account needs its two-factor (an invitation asks for it first).
  await giveTwoFactor(ctx.db, OWNER_TWO_FACTOR);
  for (const role of ["manager", "crew", "bookkeeper"] as const) {
    tokens[role] = (await memberToken(ctx.db, role)).token;
  }
});
afterAll(async () => {
  await ctx?.close();
});

/** A second session of the same person, for a call that ends the one it is made with. */
async function spareToken(role: StaffRole): Promise<string> {
  const origin = { userAgent: "test", address: "127.0.0.1" };
  const holder =
    role === "owner"
      ? null
      : (
          await ctx.db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.role, role))
        )[0].id;
  return (await createSession(ctx.db, new Date(), origin, holder)).token;
}

function adminRoutes() {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of ctx.app.routes) {
    if (r.method === "ALL" || !isAdminOnly(r.method, r.path)) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

const concrete = (path: string) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "some-id").replace(/\*$/, "x");
const permissionOf = (route: { method: string; path: string }) =>
  permissionFor(route.method, matchRoute(concrete(route.path)));

/** Calls that end the caller's own session are made with a session of their own. */
const endsSession = (r: { method: string; path: string }) =>
  r.path === "/api/admin/logout" || (r.method === "DELETE" && r.path === "/api/admin/sessions");

describe("the route table declares a permission for every admin API route", () => {
  it("no admin route of the router is left to the table's catch-all", () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes
      .filter((r) => permissionOf(r) === undefined)
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it("every admin page declares the permission its screen needs", () => {
    const pages = ROUTES.filter((r) => r.page?.layout === "admin");
    expect(pages.length).toBeGreaterThan(30);
    const undeclared = pages.filter((r) => !r.access?.["*"]).map((r) => r.path);
    expect(undeclared).toEqual([]);
    expect(permissionFor("GET", matchRoute("/admin/staff"))).toBe("staff");
    expect(permissionFor("GET", matchRoute("/admin/manifest"))).toBe("trip-day");
  });

  it("an undeclared admin call is the owner's alone", () => {
    const match = matchRoute("/api/admin/something-new");
    expect(permissionFor("GET", match)).toBeUndefined();
    expect(STAFF_ROLES.filter((role) => can(role, permissionFor("GET", match)))).toEqual(["owner"]);
  });
});

describe("every admin API route with every role", () => {
  for (const role of STAFF_ROLES) {
    it(`${role}: allowed calls pass the guard, the rest are 403 with a message`, async () => {
      const wrong: string[] = [];
      let allowed = 0;
      for (const route of adminRoutes()) {
        const permission = permissionOf(route);
        const may = can(role, permission);
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
        const res = await ctx.app.request(
          concrete(route.path),
          jsonRequest(route.method, body, {
            Authorization: `Bearer ${endsSession(route) ? await spareToken(role) : tokens[role]}`,
          }),
        );
        const answer = (await res.json().catch(() => null)) as { detail?: unknown } | null;
        // "Sign out everywhere" ends every session of the person: the walk goes on with a new one.
        if (endsSession(route)) tokens[role] = await spareToken(role);
        const key = `${route.method} ${route.path} (${permission})`;
        if (may) {
          allowed++;
          if (res.status === 401 || res.status === 403 || res.status >= 500)
            wrong.push(`${key} -> ${res.status}`);
        } else if (
          res.status !== 403 ||
          typeof answer?.detail !== "string" ||
          !answer.detail.includes(permission ?? "owner")
        ) {
          wrong.push(`${key} -> ${res.status}, expected 403`);
        }
      }
      expect(wrong).toEqual([]);
      expect(allowed).toBeGreaterThan(0);
    });
  }

  it("what each role holds, in the brief's words", () => {
    const holders = (permission: keyof typeof PERMISSIONS) => PERMISSIONS[permission];
    expect(holders("staff")).toEqual(["owner"]);
    expect(holders("settings")).toEqual(["owner"]);
    expect(holders("money")).not.toContain("crew");
    expect(holders("exports")).not.toContain("crew");
    expect(holders("content")).not.toContain("bookkeeper");
    expect(holders("bookings.write")).not.toContain("bookkeeper");
    expect(holders("bookings.read")).toContain("bookkeeper");
    expect(holders("trip-day")).toContain("crew");
    expect(holders("medical")).not.toContain("crew");
  });
});

/**
 * The console's gear stock and adventure extras: the owner creates a gear
 * item with its sizes and an extra that hands it out (each write audited);
 * bad input is a 400 naming the field; a deactivated extra is no longer sold.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(t);
});
afterAll(() => t?.close());

it("creates gear with stock and an extra, audited, and refuses bad input by field", async () => {
  const bad = await t.app.request("/api/admin/gear", authed(owner, "POST", { name: "", stock: [] }));
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { errors: Record<string, string> }).errors.name).toBe("Name is required");
  const res = await t.app.request(
    "/api/admin/gear",
    authed(owner, "POST", { name: "Wetsuit", stock: [{ size: "M", quantity: 6 }] }),
  );
  expect(res.status).toBe(201);
  const { gear_item } = (await res.json()) as { gear_item: { id: string } };
  const extra = await t.app.request(
    "/api/admin/adventures/dive-exhibition/extras",
    authed(owner, "POST", {
      name: "Wetsuit hire",
      price_cents: 2000,
      per: "person",
      gear_item_ids: [gear_item.id],
    }),
  );
  expect(extra.status).toBe(201);
  const badPer = await t.app.request(
    "/api/admin/adventures/dive-exhibition/extras",
    authed(owner, "POST", { name: "X", price_cents: 1, per: "day" }),
  );
  expect(Object.keys(((await badPer.json()) as { errors: Record<string, string> }).errors)).toEqual(["per"]);
  const list = (await (await t.app.request("/api/admin/gear", authed(owner, "GET"))).json()) as {
    gear_items: { stock: unknown[] }[];
    extras: { id: string }[];
  };
  expect(list.gear_items[0].stock).toEqual([{ size: "M", quantity: 6 }]);
  const off = await t.app.request(
    `/api/admin/extras/${list.extras[0].id}/deactivate`,
    authed(owner, "POST", {}),
  );
  expect(off.status).toBe(200);
  const audited = await t.db.select().from(auditLog).where(eq(auditLog.entity, "adventure_extra"));
  expect(audited.map((a) => a.action).sort()).toEqual(["create", "deactivate"]);
  expect(await t.db.select().from(auditLog).where(eq(auditLog.entity, "gear_item"))).toHaveLength(1);
});

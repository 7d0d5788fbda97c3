/**
 * The console's gear stock and adventure extras: the owner creates a gear
 * item with its sizes and an extra that hands it out (each write audited);
 * bad input is a 400 naming the field; a deactivated extra is no longer sold;
 * the day view counts the sizes out on a date as the stock check does.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adventureExtras, auditLog, gearItems, gearStock } from "../../server/db/schema.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { bookingPayload, createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

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

it("counts the units of each size out on a date, and refuses a date that is no date", async () => {
  const [w] = await t.db.insert(gearItems).values({ name: "Mask" }).returning();
  await t.db.insert(gearStock).values({ gearItemId: w.id, size: "S", quantity: 3 });
  const [hire] = await t.db
    .insert(adventureExtras)
    .values({
      adventureId: "dive-exhibition",
      name: "Mask hire",
      priceCents: 500,
      per: "person",
      gearItemIds: [w.id],
    })
    .returning();
  const dates = (await (await t.app.request("/api/adventures/dive-exhibition/dates")).json()) as {
    date: string;
    spots_left: number;
  }[];
  const date = dates.find((d) => d.spots_left >= 2)?.date ?? "";
  const booked = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({
        selected_date: date,
        group_size: 2,
        extras: [{ extra_id: hire.id, sizes: { [w.id]: ["S", "S"] } }],
      }),
    ),
  );
  expect(booked.status).toBe(201);
  type Day = { date: string; hired: { gear_item_id: string; size: string; hired: number }[] };
  const day = (await (
    await t.app.request(`/api/admin/gear?date=${date}`, authed(owner, "GET"))
  ).json()) as Day;
  expect(day.date).toBe(date);
  expect(day.hired).toEqual([{ gear_item_id: w.id, size: "S", hired: 2 }]);
  const other = (await (
    await t.app.request("/api/admin/gear?date=2001-01-01", authed(owner, "GET"))
  ).json()) as Day;
  expect(other.hired).toEqual([]);
  const bad = await t.app.request("/api/admin/gear?date=2026-02-31", authed(owner, "GET"));
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { errors: Record<string, string> }).errors.date).toMatch(/YYYY-MM-DD/);
});

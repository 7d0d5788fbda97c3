import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adventures, contactMessages } from "../../server/db/schema.ts";
import { contactAdventureTypes } from "../../server/domain/messaging/contact.server.ts";
import { SEEDED_CONTACT_TYPES } from "../fixtures/site.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

// The contact form's adventure types are the active adventures plus custom
// and general, so an adventure the operator adds can be asked about.
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(() => ctx.close());

const message = (adventure_type: string) => ({
  first_name: "Mia",
  last_name: "Nguyen",
  email: `contact-${adventure_type}@example.com`,
  phone: "",
  adventure_type,
  message: "Is there room next weekend?",
});

const send = (adventure_type: string) =>
  ctx.app.request("/api/contact", jsonRequest("POST", message(adventure_type)));

describe("contact adventure types", () => {
  it("on the seeded site are the spec's eleven options, adventures in the catalogue's order", async () => {
    const types = await contactAdventureTypes(ctx.db);
    const catalogue = (await (await ctx.app.request("/api/adventures-pro")).json()) as { id: string }[];
    expect(types.map((t) => t.value)).toEqual([...catalogue.map((a) => a.id), "custom", "general"]);
    expect(types.map((t) => t.value).sort()).toEqual([...SEEDED_CONTACT_TYPES].sort());
    const [row] = await ctx.db.select().from(adventures).where(eq(adventures.id, "dive-exhibition"));
    expect(types[0].label).toBe(row.title);
    expect(types.slice(-2)).toEqual([
      { value: "custom", label: "Custom trip" },
      { value: "general", label: "General question" },
    ]);
  });

  it("include a new adventure, which a visitor can then ask about", async () => {
    const created = await ctx.app.request(
      "/api/admin/adventures-pro",
      authed(token, "POST", { title: "Kelp Forest Snorkel", slug: "kelp-forest-snorkel", base_price: 79 }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await contactAdventureTypes(ctx.db)).map((t) => t.value)).toContain(id);
    const res = await send(id);
    expect(res.status).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, `contact-${id}@example.com`));
    expect(row.adventureType).toBe(id);
  });

  it("refuse an unknown or inactive adventure with a 400 naming the field", async () => {
    await ctx.db.update(adventures).set({ isActive: false }).where(eq(adventures.id, "camping-only-2day"));
    expect((await contactAdventureTypes(ctx.db)).map((t) => t.value)).not.toContain("camping-only-2day");
    for (const type of ["camping-only-2day", "no-such-trip", "General"]) {
      const res = await send(type);
      expect(res.status, type).toBe(400);
      const body = (await res.json()) as { errors?: Record<string, string> };
      expect(body.errors?.adventure_type, type).toBe("Choose an adventure type from the list");
    }
    const stored = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.adventureType, "no-such-trip"));
    expect(stored).toHaveLength(0);
  });
});

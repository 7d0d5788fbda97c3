import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adventures, availability } from "../../server/db/schema.ts";
import { findActiveAdventure, listActiveAdventures } from "../../server/domain/content/adventures.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const call = async (method: string, path: string, body?: unknown) => {
  const res = await ctx.app.request(path, authed(token, method, body));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json & Json[] };
};

const proBody = (over: Json = {}): Json => ({
  title: "Kelp Forest Snorkel",
  slug: "kelp-forest-snorkel",
  tagline: "Float above the kelp",
  short_description: "A gentle snorkel over the kelp at Bare Island.",
  full_description: "Long text.",
  hero_image: "/images/adventures/dive-exhibition.webp",
  base_price: 79.5,
  price_display: "From $79.50",
  duration: "2 hours",
  group_size_min: 1,
  group_size_max: 4,
  category: "snorkeling",
  skill_level: "all-levels",
  highlights: ["Weedy sea dragons", "", "Calm water"],
  ...over,
});

describe("admin token", () => {
  it("every content route answers 401 without a token", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/adventures-pro"],
      ["POST", "/api/admin/adventures-pro"],
      ["PUT", "/api/admin/adventures-pro/dive-exhibition"],
      ["DELETE", "/api/admin/adventures-pro/dive-exhibition"],
      ["GET", "/api/admin/adventures/db"],
      ["POST", "/api/admin/adventures/db"],
      ["PUT", "/api/admin/adventures/db/dive-exhibition"],
      ["DELETE", "/api/admin/adventures/db/dive-exhibition"],
    ]) {
      const res = await ctx.app.request(
        path,
        jsonRequest(method, method === "GET" || method === "DELETE" ? undefined : {}),
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("the router answers nothing outside /api/admin", async () => {
    const res = await ctx.app.request("/api/admin/admin/gallery", authed(token));
    expect(res.status).toBe(404);
  });
});

describe("professional adventures API", () => {
  it("lists the whole catalogue with the professional fields", async () => {
    const { status, body } = await call("GET", "/api/admin/adventures-pro");
    expect(status).toBe(200);
    expect(body).toHaveLength(9);
    const first = body.find((a) => a.id === "dive-exhibition") as Json;
    expect(first).toMatchObject({
      slug: "dive-exhibition",
      base_price: 95,
      currency: "aud",
      is_active: true,
    });
    for (const key of ["meta_title", "advance_booking_days", "booking_enabled", "max_age", "what_to_bring"]) {
      expect(first).toHaveProperty(key);
    }
  });

  it("creates an adventure whose id is its slug, with the spec's defaults, and the public list shows it", async () => {
    const { status, body } = await call("POST", "/api/admin/adventures-pro", proBody());
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: "kelp-forest-snorkel",
      title: "Kelp Forest Snorkel",
      base_price: 79.5,
      highlights: ["Weedy sea dragons", "Calm water"],
      is_active: true,
      booking_enabled: true,
      is_featured: false,
      requires_certification: false,
      min_age: 12,
      max_age: null,
      advance_booking_days: 1,
      sort_order: 0,
      currency: "aud",
    });
    const [row] = await ctx.db.select().from(adventures).where(eq(adventures.id, "kelp-forest-snorkel"));
    expect(row.basePriceCents).toBe(7950);
    expect((await listActiveAdventures(ctx.db)).some((a) => a.id === "kelp-forest-snorkel")).toBe(true);
  });

  it("refuses a slug already in use (409 naming it), on create and on update", async () => {
    const dup = await call("POST", "/api/admin/adventures-pro", proBody({ title: "Other" }));
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toContain('"kelp-forest-snorkel"');
    const clash = await call(
      "PUT",
      "/api/admin/adventures-pro/kelp-forest-snorkel",
      proBody({ slug: "dive-exhibition" }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toContain('"dive-exhibition"');
  });

  it("validates every field on the server with a 400 naming it", async () => {
    const cases: [Json, string, RegExp][] = [
      [{ title: "" }, "title", /Title is required/],
      [{ slug: "" }, "slug", /Slug is required/],
      [{ slug: "Not A Slug" }, "slug", /lowercase/],
      [{ base_price: undefined }, "base_price", /Base price is required/],
      [{ base_price: -5 }, "base_price", /at least 0/],
      [{ base_price: 10.555 }, "base_price", /2 decimal places/],
      [{ base_price: "95" }, "base_price", /must be a number/],
      [{ group_size_min: 0 }, "group_size_min", /at least 1/],
      [{ group_size_max: 0 }, "group_size_max", /at least 1/],
      [{ group_size_min: 5, group_size_max: 2 }, "group_size_max", /at least the minimum/],
      [{ min_age: -1 }, "min_age", /at least 0/],
      [{ max_age: -1 }, "max_age", /at least 0/],
      [{ min_age: 18, max_age: 10 }, "max_age", /at least the minimum age/],
      [{ advance_booking_days: -1 }, "advance_booking_days", /at least 0/],
      [{ sort_order: 1.5 }, "sort_order", /whole number/],
      [{ currency: "NZD" }, "currency", /AUD, USD, EUR or GBP/],
      [{ category: "skydiving" }, "category", /scuba-diving/],
      [{ skill_level: "expert" }, "skill_level", /beginner/],
      [{ hero_image: "javascript:alert(1)" }, "hero_image", /URL/],
      [{ is_active: "yes" }, "is_active", /true or false/],
      [{ highlights: "one per line" }, "highlights", /list/],
    ];
    for (const [over, field, message] of cases) {
      const { status, body } = await call(
        "POST",
        "/api/admin/adventures-pro",
        proBody({ slug: "validation-case", ...over }),
      );
      expect(status, field).toBe(400);
      expect((body.errors as Json)[field], field).toMatch(message);
      expect(body.detail).toContain(`${field}:`);
    }
    const stored = await ctx.db
      .select({ id: adventures.id })
      .from(adventures)
      .where(eq(adventures.id, "validation-case"));
    expect(stored).toHaveLength(0);
  });

  it("refuses malformed bodies with 400, never 500", async () => {
    for (const raw of ["", "not json", "[]", "null", "42"]) {
      const res = await ctx.app.request(
        "/api/admin/adventures-pro",
        jsonRequest("POST", raw === "" ? undefined : raw, { Authorization: `Bearer ${token}` }),
      );
      expect(res.status, raw).toBe(400);
    }
  });

  it("updates an adventure: the price shows on the public detail and in the booking total", async () => {
    const current = (await call("GET", "/api/admin/adventures-pro")).body.find(
      (a) => a.id === "guided-shore-dive",
    ) as Json;
    const { status, body } = await call("PUT", "/api/admin/adventures-pro/guided-shore-dive", {
      ...current,
      base_price: 142.25,
      price_display: "From $142.25",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: "guided-shore-dive", title: current.title, base_price: 142.25 });
    const pub = await findActiveAdventure(ctx.db, "guided-shore-dive");
    expect(pub?.price_display).toBe("From $142.25");
    expect(pub?.price_num).toBe(142.25);
    // The server computes the booking total from the new price.
    const date = await firstOpenDate(ctx.app, "guided-shore-dive", 2);
    const booking = await ctx.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ adventure_id: "guided-shore-dive", group_size: 2, selected_date: date }),
      ),
    );
    expect(booking.status).toBe(201);
    const { booking_id } = (await booking.json()) as { booking_id: string };
    const rows = await ctx.db.query.bookings.findFirst({ where: (b, { eq }) => eq(b.id, booking_id) });
    expect(rows?.totalAmountCents).toBe(28_450);
  });

  it("keeps the id when the slug changes, and 404s for an unknown id", async () => {
    const renamed = await call(
      "PUT",
      "/api/admin/adventures-pro/kelp-forest-snorkel",
      proBody({ slug: "bare-island-kelp" }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: "kelp-forest-snorkel", slug: "bare-island-kelp" });
    // The old slug is still the id of that adventure, so a new one cannot take it.
    const reuse = await call("POST", "/api/admin/adventures-pro", proBody({ slug: "kelp-forest-snorkel" }));
    expect(reuse.status).toBe(409);
    const missing = await call(
      "PUT",
      "/api/admin/adventures-pro/no-such-thing",
      proBody({ slug: "no-such-thing" }),
    );
    expect(missing.status).toBe(404);
  });

  it("a deactivated adventure leaves the public list and detail and cannot be booked; booking_enabled off stops bookings", async () => {
    const current = (await call("GET", "/api/admin/adventures-pro")).body.find(
      (a) => a.id === "night-dive-experience",
    ) as Json;
    const date = await firstOpenDate(ctx.app, "night-dive-experience");
    const off = await call("PUT", "/api/admin/adventures-pro/night-dive-experience", {
      ...current,
      is_active: false,
    });
    expect(off.status).toBe(200);
    expect((await listActiveAdventures(ctx.db)).some((a) => a.id === "night-dive-experience")).toBe(false);
    expect(await findActiveAdventure(ctx.db, "night-dive-experience")).toBeNull();
    const refused = await ctx.app.request(
      "/api/bookings",
      jsonRequest("POST", bookingPayload({ adventure_id: "night-dive-experience", selected_date: date })),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).detail).toMatch(/not available for booking/);

    const noBooking = await call("PUT", "/api/admin/adventures-pro/night-dive-experience", {
      ...current,
      is_active: true,
      booking_enabled: false,
    });
    expect(noBooking.body.booking_enabled).toBe(false);
    expect(await findActiveAdventure(ctx.db, "night-dive-experience")).not.toBeNull();
    const still = await ctx.app.request(
      "/api/bookings",
      jsonRequest("POST", bookingPayload({ adventure_id: "night-dive-experience", selected_date: date })),
    );
    expect(still.status).toBe(400);
    await call("PUT", "/api/admin/adventures-pro/night-dive-experience", current);
  });

  it("deletes an adventure without bookings (its dates go with it)", async () => {
    await ctx.db
      .insert(availability)
      .values({ adventureId: "kelp-forest-snorkel", date: "2031-02-01", availableSpots: 4 });
    const { status, body } = await call("DELETE", "/api/admin/adventures-pro/kelp-forest-snorkel");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, id: "kelp-forest-snorkel", title: "Kelp Forest Snorkel" });
    const left = await ctx.db
      .select()
      .from(availability)
      .where(eq(availability.adventureId, "kelp-forest-snorkel"));
    expect(left).toHaveLength(0);
    expect((await call("DELETE", "/api/admin/adventures-pro/kelp-forest-snorkel")).status).toBe(404);
  });

  it("refuses to delete an adventure with bookings (409, says to deactivate it)", async () => {
    await insertBooking(ctx.db, { adventureId: "scooter-dive-adventure", adventureTitle: "Scooter" });
    const { status, body } = await call("DELETE", "/api/admin/adventures-pro/scooter-dive-adventure");
    expect(status).toBe(409);
    expect(body.detail).toMatch(/Deactivate it instead/);
    expect(await findActiveAdventure(ctx.db, "scooter-dive-adventure")).not.toBeNull();
  });
});

describe("simple adventures API (the same rows)", () => {
  const simple = (over: Json = {}): Json => ({
    slug: "harbour-night-snorkel",
    title: "Harbour Night Snorkel",
    short_description: "Torchlight snorkel in the harbour",
    description: "See the harbour's night life by torchlight.",
    detailed_description: "A longer story.",
    image: "https://example.com/night.jpg",
    image_alt: "Torch beam on a reef",
    features: ["Torches supplied", "Hot chocolate"],
    duration: "2 hours",
    group_size: "2-4 people",
    price: "$120 per person",
    price_num: 120.5,
    category: "snorkeling",
    skill_level: "beginner",
    tags: ["night", "harbour"],
    included: ["Torch", "Wetsuit"],
    itinerary: ["7 PM meet", "9 PM finish"],
    location: "Chowder Bay",
    best_for: ["Couples"],
    gallery_images: [],
    featured: true,
    sort_order: 12,
    ...over,
  });

  it("reads the catalogue in the simple shape", async () => {
    const { status, body } = await call("GET", "/api/admin/adventures/db");
    expect(status).toBe(200);
    const a = body.find((x) => x.id === "dive-exhibition") as Json;
    const [row] = await ctx.db.select().from(adventures).where(eq(adventures.id, "dive-exhibition"));
    expect(a).toMatchObject({
      slug: row.slug,
      title: row.title,
      description: row.shortDescription,
      short_description: row.tagline,
      detailed_description: row.fullDescription,
      image: row.heroImage,
      image_alt: row.heroImageAlt,
      features: row.highlights,
      included: row.includedItems,
      group_size: `${row.groupSizeMin}-${row.groupSizeMax} people`,
      price: row.priceDisplay,
      price_num: row.basePriceCents / 100,
      featured: row.isFeatured,
      sort_order: row.sortOrder,
    });
  });

  it("creates through the simple shape onto the professional row", async () => {
    const { status, body } = await call("POST", "/api/admin/adventures/db", simple());
    expect(status).toBe(201);
    expect(body).toMatchObject({ id: "harbour-night-snorkel", group_size: "2-4 people", price_num: 120.5 });
    const [row] = await ctx.db.select().from(adventures).where(eq(adventures.id, "harbour-night-snorkel"));
    expect(row).toMatchObject({
      tagline: "Torchlight snorkel in the harbour",
      shortDescription: "See the harbour's night life by torchlight.",
      fullDescription: "A longer story.",
      heroImage: "https://example.com/night.jpg",
      highlights: ["Torches supplied", "Hot chocolate"],
      includedItems: ["Torch", "Wetsuit"],
      groupSizeMin: 2,
      groupSizeMax: 4,
      basePriceCents: 12_050,
      priceDisplay: "$120 per person",
      isFeatured: true,
      isActive: true,
      bookingEnabled: true,
      sortOrder: 12,
    });
  });

  it("updates only the simple fields; professional-only fields keep their values", async () => {
    await ctx.db
      .update(adventures)
      .set({ isActive: false, metaTitle: "Kept", minAge: 16 })
      .where(eq(adventures.id, "harbour-night-snorkel"));
    const { status, body } = await call(
      "PUT",
      "/api/admin/adventures/db/harbour-night-snorkel",
      simple({ title: "Harbour Night Snorkel (updated)", group_size: "", price_num: 99 }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: "Harbour Night Snorkel (updated)",
      group_size: "2-4 people",
      price_num: 99,
    });
    const [row] = await ctx.db.select().from(adventures).where(eq(adventures.id, "harbour-night-snorkel"));
    expect(row).toMatchObject({ isActive: false, metaTitle: "Kept", minAge: 16, basePriceCents: 9900 });
  });

  it("validates the enhanced form's rules on the server", async () => {
    const cases: [Json, string, RegExp][] = [
      [{ slug: "" }, "slug", /Slug is required/],
      [{ title: "" }, "title", /Title is required/],
      [{ short_description: "" }, "short_description", /Short description is required/],
      [{ description: "" }, "description", /Full description is required/],
      [{ image: "" }, "image", /Main image URL is required/],
      [{ image: "night.jpg" }, "image", /must be a URL/],
      [{ price_num: "abc" }, "price_num", /must be a number/],
      [{ sort_order: 2.5 }, "sort_order", /whole number/],
      [{ group_size: "lots" }, "group_size", /1-4 people/],
      [{ features: "a, b" }, "features", /list/],
    ];
    for (const [over, field, message] of cases) {
      const { status, body } = await call(
        "POST",
        "/api/admin/adventures/db",
        simple({ slug: "simple-case", ...over }),
      );
      expect(status, field).toBe(400);
      expect((body.errors as Json)[field], field).toMatch(message);
    }
  });

  it("409 on a duplicate slug, 404 on an unknown id, delete refuses adventures with bookings", async () => {
    expect((await call("POST", "/api/admin/adventures/db", simple())).status).toBe(409);
    expect((await call("PUT", "/api/admin/adventures/db/nope", simple({ slug: "nope" }))).status).toBe(404);
    const blocked = await call("DELETE", "/api/admin/adventures/db/scooter-dive-adventure");
    expect(blocked.status).toBe(409);
    const gone = await call("DELETE", "/api/admin/adventures/db/harbour-night-snorkel");
    expect(gone.status).toBe(200);
    expect(
      (await call("GET", "/api/admin/adventures-pro")).body.some((a) => a.id === "harbour-night-snorkel"),
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  check,
  coerceProNumbers,
  contentCreateSchema,
  contentTypeError,
  contentUpdateSchema,
  faqSchema,
  formatKB,
  galleryImageSchema,
  isWebAddress,
  legacyAdventureSchema,
  MAX_SPOTS,
  MIN_SPOTS,
  mediaCreateSchema,
  parseDecimal,
  parseInteger,
  priceDisplayFor,
  priceOverride,
  proAdventureSchema,
  scheduleSchema,
  seoLengthStatus,
  simpleAdventureSchema,
  splitComma,
  splitLines,
  spots,
  testimonialSchema,
  uploadFieldsSchema,
} from "../../app/lib/admin-forms/index.ts";

const errorsOf = (schema: Parameters<typeof check>[0], value: unknown) => {
  const r = check(schema, value);
  return r.ok ? {} : r.errors;
};

describe("list helpers", () => {
  it("splits comma-separated text, trimmed, empties dropped", () => {
    expect(splitComma(" reef, night dive ,, ,manly ")).toEqual(["reef", "night dive", "manly"]);
    expect(splitComma("")).toEqual([]);
  });

  it("splits lines, trimmed, blank lines dropped", () => {
    expect(splitLines("One\r\n\n  Two  \n\t\nThree")).toEqual(["One", "Two", "Three"]);
  });
});

describe("isWebAddress", () => {
  it("accepts http(s) URLs and paths on this site", () => {
    expect(isWebAddress("https://example.com/a.jpg")).toBe(true);
    expect(isWebAddress("http://localhost:3000/x")).toBe(true);
    expect(isWebAddress("/uploads/abc.webp")).toBe(true);
  });

  it("refuses other schemes, protocol-relative URLs, spaces and quotes", () => {
    for (const v of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "ftp://example.com/x",
      "not a url",
      "/a b.jpg",
      '/x"onerror="y',
      "https://",
    ]) {
      expect(isWebAddress(v)).toBe(false);
    }
  });
});

describe("professional adventure numbers", () => {
  const blank = {
    base_price: "",
    group_size_min: "",
    group_size_max: "",
    min_age: "",
    max_age: "",
    advance_booking_days: "",
    booking_cutoff_hours: "",
    sort_order: "",
  };

  it("coerces empty fields to the defaults", () => {
    expect(coerceProNumbers(blank)).toEqual({
      base_price: 0,
      group_size_min: 1,
      group_size_max: 4,
      min_age: 12,
      max_age: null,
      advance_booking_days: 1,
      booking_cutoff_hours: null,
      sort_order: 0,
    });
  });

  it("keeps typed values as numbers and non-numbers as NaN for the schema to report", () => {
    const n = coerceProNumbers({ ...blank, base_price: "149.5", max_age: "65", sort_order: "abc" });
    expect(n.base_price).toBe(149.5);
    expect(n.max_age).toBe(65);
    expect(n.sort_order).toBeNaN();
  });

  it("sets the display price from the base price", () => {
    expect(priceDisplayFor("95")).toBe("From $95");
    expect(priceDisplayFor("149.50")).toBe("From $149.50");
  });

  it("rates SEO lengths against the advisory ranges", () => {
    expect(seoLengthStatus(0, 50, 60)).toBe("empty");
    expect(seoLengthStatus(20, 50, 60)).toBe("short");
    expect(seoLengthStatus(55, 50, 60)).toBe("good");
    expect(seoLengthStatus(61, 50, 60)).toBe("long");
  });
});

describe("proAdventureSchema", () => {
  const base = { title: "Reef Walk", slug: "reef-walk", base_price: 50 };

  it("fills the spec's defaults", () => {
    const r = check(proAdventureSchema, base);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      category: "scuba-diving",
      skill_level: "beginner",
      // AUD, stored in the one form every table uses.
      currency: "aud",
      is_active: true,
      booking_enabled: true,
      is_featured: false,
      requires_certification: false,
      group_size_min: 1,
      group_size_max: 4,
      min_age: 12,
      max_age: null,
      advance_booking_days: 1,
      sort_order: 0,
    });
  });

  it("requires title, slug and base price", () => {
    expect(errorsOf(proAdventureSchema, {})).toMatchObject({
      title: "Title is required",
      slug: "Slug is required",
      base_price: "Base price is required",
    });
    expect(errorsOf(proAdventureSchema, { ...base, title: "   " }).title).toBe("Title is required");
  });

  it("checks slug shape, price range and step, group sizes, ages and advance booking", () => {
    expect(errorsOf(proAdventureSchema, { ...base, slug: "Reef Walk" }).slug).toMatch(/lowercase/);
    expect(errorsOf(proAdventureSchema, { ...base, base_price: -1 }).base_price).toBe(
      "Base price must be at least 0",
    );
    expect(errorsOf(proAdventureSchema, { ...base, base_price: 1.005 }).base_price).toMatch(
      /2 decimal places/,
    );
    expect(errorsOf(proAdventureSchema, { ...base, group_size_min: 0 }).group_size_min).toMatch(/at least 1/);
    expect(errorsOf(proAdventureSchema, { ...base, group_size_max: 0 }).group_size_max).toMatch(/at least 1/);
    // One instructor: no adventure can be made for more than four people.
    expect(errorsOf(proAdventureSchema, { ...base, group_size_max: 5 }).group_size_max).toMatch(/at most 4/);
    expect(errorsOf(proAdventureSchema, { ...base, group_size_min: 5 }).group_size_min).toMatch(/at most 4/);
    expect(
      errorsOf(proAdventureSchema, { ...base, group_size_min: 4, group_size_max: 2 }).group_size_max,
    ).toMatch(/at least the minimum/);
    expect(errorsOf(proAdventureSchema, { ...base, min_age: -1 }).min_age).toMatch(/at least 0/);
    expect(errorsOf(proAdventureSchema, { ...base, max_age: -1 }).max_age).toMatch(/at least 0/);
    expect(errorsOf(proAdventureSchema, { ...base, advance_booking_days: -1 }).advance_booking_days).toMatch(
      /at least 0/,
    );
    expect(errorsOf(proAdventureSchema, { ...base, currency: "NZD" }).currency).toMatch(
      /AUD, USD, EUR or GBP/,
    );
    expect(errorsOf(proAdventureSchema, { ...base, hero_image: "javascript:alert(1)" }).hero_image).toMatch(
      /URL/,
    );
    expect(errorsOf(proAdventureSchema, { ...base, sort_order: Number.NaN }).sort_order).toMatch(/number/);
  });

  it("drops blank list entries", () => {
    const r = check(proAdventureSchema, { ...base, highlights: ["a", " ", "b "] });
    expect(r.ok && r.data.highlights).toEqual(["a", "b"]);
  });
});

describe("simpleAdventureSchema (enhanced form)", () => {
  const valid = {
    slug: "kelp-walk",
    title: "Kelp Walk",
    short_description: "A walk in the kelp",
    description: "Longer text",
    image: "/images/adventures/dive-exhibition.webp",
    price_num: 80,
  };

  it("requires slug, title, short and full description and the main image URL", () => {
    expect(errorsOf(simpleAdventureSchema, {})).toMatchObject({
      slug: "Slug is required",
      title: "Title is required",
      short_description: "Short description is required",
      description: "Full description is required",
      image: "Main image URL is required",
    });
    expect(errorsOf(simpleAdventureSchema, { ...valid, image: "photo.jpg" }).image).toMatch(/must be a URL/);
  });

  it("parses price_num as a decimal and sort_order as an integer", () => {
    expect(parseDecimal("149.95")).toBe(149.95);
    expect(parseDecimal("")).toBe(0);
    expect(parseInteger("7.9")).toBe(7);
    expect(parseInteger("")).toBe(0);
    expect(Number.isNaN(parseDecimal("abc"))).toBe(true);
    expect(errorsOf(simpleAdventureSchema, { ...valid, price_num: Number.NaN }).price_num).toMatch(/number/);
  });

  it("checks the group size text", () => {
    expect(check(simpleAdventureSchema, { ...valid, group_size: "1-4 people" }).ok).toBe(true);
    expect(errorsOf(simpleAdventureSchema, { ...valid, group_size: "a few" }).group_size).toMatch(
      /1-4 people/,
    );
    expect(errorsOf(simpleAdventureSchema, { ...valid, group_size: "1-5" }).group_size).toMatch(
      /at most 4 people/,
    );
  });
});

describe("legacyAdventureSchema", () => {
  it("requires id, slug, title, description, price, price number and duration", () => {
    expect(
      Object.keys(errorsOf(legacyAdventureSchema, { category: "Diving", skillLevel: "Beginner" })).sort(),
    ).toEqual(["description", "duration", "id", "price", "priceNum", "slug", "title"]);
  });
});

describe("gallery, testimonial and FAQ schemas", () => {
  it("gallery: title, category and a URL are required; tags are trimmed", () => {
    expect(errorsOf(galleryImageSchema, {})).toMatchObject({
      title: "Title is required",
      category: "Category is required",
      image_url: "Image URL is required",
    });
    expect(
      errorsOf(galleryImageSchema, { title: "x", category: "diving", image_url: "nope" }).image_url,
    ).toMatch(/must be a URL/);
    expect(
      errorsOf(galleryImageSchema, { title: "x", category: "space", image_url: "/a.webp" }).category,
    ).toBe("Choose a category from the list");
  });

  it("testimonial: name, adventure, location and content required; rating an integer 1-5, default 5", () => {
    expect(Object.keys(errorsOf(testimonialSchema, {})).sort()).toEqual([
      "adventure_type",
      "content",
      "customer_name",
      "location",
    ]);
    const ok = check(testimonialSchema, {
      customer_name: "A",
      adventure_type: "x",
      location: "L",
      content: "C",
    });
    expect(ok.ok && ok.data.rating).toBe(5);
    expect(ok.ok && ok.data.is_featured).toBe(false);
    const t = { customer_name: "A", adventure_type: "x", location: "L", content: "C" };
    expect(errorsOf(testimonialSchema, { ...t, rating: 0 }).rating).toMatch(/at least 1/);
    expect(errorsOf(testimonialSchema, { ...t, rating: 6 }).rating).toMatch(/at most 5/);
    expect(errorsOf(testimonialSchema, { ...t, rating: 4.5 }).rating).toMatch(/whole number/);
  });

  it("faq: category, question and answer required; order an integer of at least 0; active by default", () => {
    expect(Object.keys(errorsOf(faqSchema, {})).sort()).toEqual(["answer", "category", "question"]);
    const f = { category: "Getting Started", question: "Q?", answer: "A." };
    const ok = check(faqSchema, f);
    expect(ok.ok && ok.data.is_active).toBe(true);
    expect(ok.ok && ok.data.order).toBe(0);
    expect(errorsOf(faqSchema, { ...f, order: -1 }).order).toMatch(/at least 0/);
    expect(errorsOf(faqSchema, { ...f, order: 1.5 }).order).toMatch(/whole number/);
  });
});

describe("content section schemas", () => {
  const s = { page: "homepage", section: "promo_banner", content: "Hello" };

  it("requires section name and content; type is text, html or json (default text)", () => {
    expect(errorsOf(contentCreateSchema, { page: "homepage" })).toMatchObject({
      section: "Section name is required",
      content: "Content is required",
    });
    const ok = check(contentCreateSchema, s);
    expect(ok.ok && ok.data.type).toBe("text");
    expect(errorsOf(contentCreateSchema, { ...s, type: "markdown" }).type).toBe(
      "Type must be text, html or json",
    );
    expect(errorsOf(contentCreateSchema, { ...s, page: "blog" }).page).toBe("Choose a page from the list");
    expect(errorsOf(contentCreateSchema, { ...s, section: "Promo Banner" }).section).toMatch(/lowercase/);
  });

  it("json content must parse", () => {
    expect(errorsOf(contentCreateSchema, { ...s, type: "json", content: "{nope" }).content).toMatch(
      /valid JSON/,
    );
    expect(check(contentCreateSchema, { ...s, type: "json", content: '{"a":1}' }).ok).toBe(true);
    expect(contentTypeError("json", "[1,2]")).toBeNull();
    expect(contentTypeError("text", "{nope")).toBeNull();
  });

  it("link and image sections must hold a URL", () => {
    expect(contentTypeError("text", "javascript:alert(1)", "social_facebook")).toMatch(/must be a URL/);
    expect(contentTypeError("text", "photo.jpg", "hero_background")).toMatch(/must be a URL/);
    expect(contentTypeError("text", "not a url", "about_image_main")).toMatch(/must be a URL/);
    expect(contentTypeError("text", "/logo.svg", "logo_main")).toBeNull();
    expect(contentTypeError("text", "https://wa.me/61400000000", "whatsapp_url")).toBeNull();
    expect(contentTypeError("text", "any words", "hero_title")).toBeNull();
    expect(
      errorsOf(contentCreateSchema, { ...s, section: "feature9_image", content: "pic" }).content,
    ).toMatch(/must be a URL/);
  });

  it("update takes any subset, but content cannot be blank", () => {
    expect(check(contentUpdateSchema, { content: "x" }).ok).toBe(true);
    expect(check(contentUpdateSchema, {}).ok).toBe(true);
    expect(errorsOf(contentUpdateSchema, { content: "  " }).content).toBe("Content is required");
  });
});

describe("media schemas", () => {
  it("manual form: URL and filename required, folder and type from the lists", () => {
    expect(errorsOf(mediaCreateSchema, {})).toMatchObject({
      url: "File URL is required",
      filename: "Filename is required",
    });
    const ok = check(mediaCreateSchema, { url: "https://example.com/a.jpg", filename: "a.jpg" });
    expect(ok.ok && ok.data.folder).toBe("uploads");
    expect(errorsOf(mediaCreateSchema, { url: "x", filename: "a" }).url).toMatch(/must be a URL/);
    expect(errorsOf(mediaCreateSchema, { url: "/a", filename: "a", folder: "etc" }).folder).toBeDefined();
    expect(
      errorsOf(mediaCreateSchema, { url: "/a", filename: "a", file_type: "audio" }).file_type,
    ).toBeDefined();
  });

  it("upload fields: tags comma-separated", () => {
    const r = uploadFieldsSchema.parse({ tags: "reef, , manly " });
    expect(r).toEqual({ folder: "uploads", tags: ["reef", "manly"] });
  });

  it("shows sizes in KB with one decimal", () => {
    expect(formatKB(1536)).toBe("1.5 KB");
    expect(formatKB(0)).toBe("0.0 KB");
    expect(formatKB(1_048_576)).toBe("1024.0 KB");
  });
});

describe("a departure's spots and price override, on a date and on a schedule alike", () => {
  const schedule = scheduleSchema("2027-01-01");
  const base = { adventure_id: "dive-1", weekdays: [6], from: "2027-01-01", to: "2027-03-31" };
  const override = (price_override: unknown) => {
    const r = schedule.safeParse({ ...base, price_override });
    return r.success ? r.data.price_override : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("reads empty as no override and keeps dollars to the cent, from 0 to 100000", () => {
    expect(override("")).toBeNull();
    expect(override(null)).toBeNull();
    expect(override(0)).toBe(0);
    expect(override(100_000)).toBe(100_000);
    expect(override(0.07)).toBe(0.07);
    expect(override(-0.01)).toEqual(["price_override: Price override must be between 0 and 100000"]);
    expect(override(100_000.01)).toEqual(["price_override: Price override must be between 0 and 100000"]);
    expect(override(10.005)).toEqual([
      "price_override: Price override can have at most two decimals (step 0.01)",
    ]);
    expect(override("ten")).toEqual(["price_override: Price override must be a number of dollars"]);
    expect(priceOverride.parse(12.5)).toBe(12.5);
  });

  it("takes whole spots within the site's bounds, or none for the adventure's own", () => {
    const spotsOf = (available_spots: unknown) => schedule.safeParse({ ...base, available_spots }).success;
    expect(spotsOf(null)).toBe(true);
    expect(spotsOf(MIN_SPOTS)).toBe(true);
    expect(spotsOf(MAX_SPOTS)).toBe(true);
    expect(spotsOf(MIN_SPOTS - 1)).toBe(false);
    expect(spotsOf(MAX_SPOTS + 1)).toBe(false);
    expect(spotsOf(2.5)).toBe(false);
    expect(spots.safeParse(MIN_SPOTS).success).toBe(true);
  });
});

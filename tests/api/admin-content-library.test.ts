import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFaqGroups } from "../../server/domain/content/faqs.server.ts";
import { listGalleryImages } from "../../server/domain/content/gallery.server.ts";
import { listTestimonials } from "../../server/domain/content/testimonials.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

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

async function expectInvalid(path: string, body: Json, field: string, message: RegExp, method = "POST") {
  const res = await call(method, path, body);
  expect(res.status, `${field} ${JSON.stringify(body)}`).toBe(400);
  expect((res.body.errors as Json)[field], field).toMatch(message);
  expect(res.body.detail).toContain(`${field}:`);
}

describe("auth", () => {
  it("gallery, testimonials and FAQ routes need the admin token", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/gallery"],
      ["POST", "/api/admin/gallery"],
      ["DELETE", "/api/admin/gallery/x"],
      ["GET", "/api/admin/testimonials"],
      ["POST", "/api/admin/testimonials"],
      ["DELETE", "/api/admin/testimonials/x"],
      ["GET", "/api/admin/faqs"],
      ["POST", "/api/admin/faqs"],
      ["PUT", "/api/admin/faqs/x"],
      ["DELETE", "/api/admin/faqs/x"],
    ]) {
      expect((await ctx.app.request(path, jsonRequest(method))).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("gallery API", () => {
  const valid = {
    title: "Sea Dragon at Kurnell",
    category: "diving",
    image_url: "/images/gallery/g03.webp",
    tags: ["sea dragon"],
  };

  it("lists the 15 seeded images", async () => {
    const { status, body } = await call("GET", "/api/admin/gallery");
    expect(status).toBe(200);
    expect(body).toHaveLength(15);
    expect(body[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      image_url: expect.any(String),
      tags: expect.any(Array),
    });
  });

  it("validates title, category, image URL and tags", async () => {
    await expectInvalid("/api/admin/gallery", { ...valid, title: " " }, "title", /Title is required/);
    await expectInvalid("/api/admin/gallery", { ...valid, category: "" }, "category", /Category is required/);
    await expectInvalid("/api/admin/gallery", { ...valid, category: "space" }, "category", /from the list/);
    await expectInvalid(
      "/api/admin/gallery",
      { ...valid, image_url: "" },
      "image_url",
      /Image URL is required/,
    );
    await expectInvalid(
      "/api/admin/gallery",
      { ...valid, image_url: "photo.jpg" },
      "image_url",
      /must be a URL/,
    );
    await expectInvalid(
      "/api/admin/gallery",
      { ...valid, image_url: "javascript:alert(1)" },
      "image_url",
      /must be a URL/,
    );
    await expectInvalid("/api/admin/gallery", { ...valid, tags: "a,b" }, "tags", /list/);
  });

  it("adds an image (tags trimmed, empties dropped) that the public gallery shows first, and deletes it", async () => {
    const { status, body } = await call("POST", "/api/admin/gallery", {
      ...valid,
      tags: [" sea dragon ", "", "Kurnell"],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ title: valid.title, category: "diving", tags: ["sea dragon", "Kurnell"] });
    const pub = await listGalleryImages(ctx.db);
    expect(pub[0]).toMatchObject({ id: body.id, title: valid.title, alt: valid.title });
    const del = await call("DELETE", `/api/admin/gallery/${body.id}`);
    expect(del.status).toBe(200);
    expect((await listGalleryImages(ctx.db)).some((g) => g.id === body.id)).toBe(false);
    expect(await call("DELETE", `/api/admin/gallery/${body.id}`)).toMatchObject({
      status: 404,
      body: { detail: "Gallery image not found" },
    });
  });
});

describe("testimonials API", () => {
  const valid = {
    customer_name: "Aroha Wiremu",
    adventure_type: "dive-exhibition",
    location: "Auckland, NZ",
    content: "Liam made my first dive easy.",
    rating: 5,
    is_featured: true,
  };

  it("validates the required fields and the rating", async () => {
    const path = "/api/admin/testimonials";
    await expectInvalid(path, { ...valid, customer_name: "" }, "customer_name", /Customer name is required/);
    await expectInvalid(path, { ...valid, adventure_type: "" }, "adventure_type", /Adventure is required/);
    await expectInvalid(path, { ...valid, adventure_type: "moon-walk" }, "adventure_type", /from the list/);
    await expectInvalid(path, { ...valid, location: "" }, "location", /Location is required/);
    await expectInvalid(path, { ...valid, content: "" }, "content", /Review text is required/);
    await expectInvalid(path, { ...valid, rating: 0 }, "rating", /at least 1/);
    await expectInvalid(path, { ...valid, rating: 6 }, "rating", /at most 5/);
    await expectInvalid(path, { ...valid, rating: 4.5 }, "rating", /whole number/);
    await expectInvalid(path, { ...valid, is_featured: "on" }, "is_featured", /true or false/);
  });

  it("adds a testimonial (rating 5 by default) that the public reviews show, and deletes it", async () => {
    const { rating: _r, ...noRating } = valid;
    const { status, body } = await call("POST", "/api/admin/testimonials", noRating);
    expect(status).toBe(201);
    expect(body).toMatchObject({ customer_name: "Aroha Wiremu", rating: 5, is_featured: true });
    const pub = await listTestimonials(ctx.db);
    expect(pub.find((t) => t.id === body.id)).toMatchObject({ adventure_title: "Discover Scuba Diving" });
    expect(pub).toHaveLength(7);
    expect((await call("GET", "/api/admin/testimonials")).body[0].id).toBe(body.id);
    expect((await call("DELETE", `/api/admin/testimonials/${body.id}`)).status).toBe(200);
    expect(await listTestimonials(ctx.db)).toHaveLength(6);
    expect(await call("DELETE", `/api/admin/testimonials/${body.id}`)).toMatchObject({
      status: 404,
      body: { detail: "Testimonial not found" },
    });
  });
});

describe("FAQ API", () => {
  const valid = {
    category: "Getting Started",
    question: "Do you dive in winter?",
    answer: "Yes, with 7 mm wetsuits.",
    order: 9,
    is_active: true,
  };

  it("validates category, question, answer and order", async () => {
    const path = "/api/admin/faqs";
    await expectInvalid(path, { ...valid, category: "" }, "category", /Category is required/);
    await expectInvalid(path, { ...valid, question: "" }, "question", /Question is required/);
    await expectInvalid(path, { ...valid, answer: "  " }, "answer", /Answer is required/);
    await expectInvalid(path, { ...valid, order: -1 }, "order", /at least 0/);
    await expectInvalid(path, { ...valid, order: 1.5 }, "order", /whole number/);
    await expectInvalid(path, { ...valid, order: "1" }, "order", /must be a number/);
  });

  it("adds (active by default), edits and deletes an FAQ; the public FAQ follows", async () => {
    const { is_active: _a, ...rest } = valid;
    const created = await call("POST", "/api/admin/faqs", rest);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ question: valid.question, is_active: true, order: 9 });
    const id = created.body.id as string;
    const group = (await listFaqGroups(ctx.db)).find((g) => g.category === "Getting Started");
    expect(group?.items.at(-1)?.id).toBe(id);

    const edited = await call("PUT", `/api/admin/faqs/${id}`, { ...valid, answer: "Yes, all year round." });
    expect(edited.status).toBe(200);
    expect(edited.body.answer).toBe("Yes, all year round.");
    await expectInvalid(`/api/admin/faqs/${id}`, { ...valid, question: "" }, "question", /required/, "PUT");
    const hidden = await call("PUT", `/api/admin/faqs/${id}`, { ...valid, is_active: false });
    expect(hidden.body.is_active).toBe(false);
    const pub = (await listFaqGroups(ctx.db)).flatMap((g) => g.items);
    expect(pub.some((f) => f.id === id)).toBe(false);
    expect((await call("GET", "/api/admin/faqs")).body.some((f) => f.id === id)).toBe(true);

    expect((await call("DELETE", `/api/admin/faqs/${id}`)).status).toBe(200);
    expect(await call("PUT", `/api/admin/faqs/${id}`, valid)).toMatchObject({
      status: 404,
      body: { detail: "FAQ not found" },
    });
    expect(await call("DELETE", `/api/admin/faqs/${id}`)).toMatchObject({
      status: 404,
      body: { detail: "FAQ not found" },
    });
  });
});

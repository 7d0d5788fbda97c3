import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import { cleanHtml } from "../../server/domain/content/html.server.ts";
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

describe("content sections API", () => {
  it("needs the admin token", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/content"],
      ["GET", "/api/admin/content/homepage"],
      ["POST", "/api/admin/content"],
      ["PUT", "/api/admin/content/x"],
      ["DELETE", "/api/admin/content/x"],
    ]) {
      expect((await ctx.app.request(path, jsonRequest(method))).status, `${method} ${path}`).toBe(401);
    }
  });

  it("lists every section, or one page's; an unknown page is a 404", async () => {
    const all = await call("GET", "/api/admin/content");
    expect(all.status).toBe(200);
    const pages = new Set(all.body.map((s) => s.page));
    for (const p of ["homepage", "about", "adventures", "contact", "global", "privacy"])
      expect(pages.has(p)).toBe(true);
    const home = await call("GET", "/api/admin/content/homepage");
    expect(home.body.every((s) => s.page === "homepage")).toBe(true);
    expect(home.body.find((s) => s.section === "hero_title")).toMatchObject({
      type: "text",
      is_active: true,
    });
    expect((await call("GET", "/api/admin/content/blog")).status).toBe(404);
  });

  it("validates section name, content, type and page; json must parse", async () => {
    const base = {
      page: "homepage",
      section: "promo_banner",
      type: "text",
      title: "Promo",
      content: "Hi",
      description: "",
    };
    const cases: [Json, string, RegExp][] = [
      [{ section: "" }, "section", /Section name is required/],
      [{ section: "Promo Banner" }, "section", /lowercase/],
      [{ content: "" }, "content", /Content is required/],
      [{ type: "markdown" }, "type", /text, html or json/],
      [{ page: "blog" }, "page", /from the list/],
      [{ type: "json", content: "{not json" }, "content", /valid JSON/],
    ];
    for (const [over, field, message] of cases) {
      const { status, body } = await call("POST", "/api/admin/content", { ...base, ...over });
      expect(status, field).toBe(400);
      expect((body.errors as Json)[field]).toMatch(message);
    }
  });

  it("creates, edits (partially) and deletes a section; the site content follows", async () => {
    const created = await call("POST", "/api/admin/content", {
      page: "homepage",
      section: "promo_banner",
      type: "json",
      title: "Promo",
      content: '{"text":"Winter special"}',
      description: "Banner data",
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await loadSiteContent(ctx.db)).homepage.promo_banner).toBe('{"text":"Winter special"}');

    const dup = await call("POST", "/api/admin/content", {
      page: "homepage",
      section: "promo_banner",
      content: "x",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toContain('"promo_banner"');

    // The website editor sends content only; a json section still has to parse.
    const bad = await call("PUT", `/api/admin/content/${id}`, { content: "{broken" });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as Json).content).toMatch(/valid JSON/);
    const ok = await call("PUT", `/api/admin/content/${id}`, { content: '{"text":"Spring special"}' });
    expect(ok.body).toMatchObject({
      title: "Promo",
      description: "Banner data",
      content: '{"text":"Spring special"}',
    });

    const off = await call("PUT", `/api/admin/content/${id}`, { is_active: false, title: "Promo (off)" });
    expect(off.body).toMatchObject({ is_active: false, title: "Promo (off)" });
    expect((await loadSiteContent(ctx.db)).homepage.promo_banner).toBeUndefined();
    expect((await call("PUT", `/api/admin/content/${id}`, { content: " " })).status).toBe(400);

    expect((await call("DELETE", `/api/admin/content/${id}`)).status).toBe(200);
    expect(await call("PUT", `/api/admin/content/${id}`, { content: "x" })).toMatchObject({
      status: 404,
      body: { detail: "Content section not found" },
    });
    expect(await call("DELETE", `/api/admin/content/${id}`)).toMatchObject({
      status: 404,
      body: { detail: "Content section not found" },
    });
  });

  it("link and image sections only take URLs, from any screen", async () => {
    const global = await call("GET", "/api/admin/content/global");
    const fb = global.body.find((s) => s.section === "social_facebook") as Json;
    const bad = await call("PUT", `/api/admin/content/${fb.id}`, { content: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as Json).content).toMatch(/must be a URL/);
    expect(
      (await call("PUT", `/api/admin/content/${fb.id}`, { content: "https://facebook.com/tidewater" }))
        .status,
    ).toBe(200);
    const made = await call("POST", "/api/admin/content", {
      page: "homepage",
      section: "feature4_image",
      content: "pic.jpg",
    });
    expect(made.status).toBe(400);
  });

  it("the same section name may exist on two pages", async () => {
    const a = await call("POST", "/api/admin/content", { page: "faq", section: "hero_note", content: "A" });
    const b = await call("POST", "/api/admin/content", {
      page: "gallery",
      section: "hero_note",
      content: "B",
    });
    expect([a.status, b.status]).toEqual([201, 201]);
  });

  it("website editor flow: updates an existing section with content only and creates a missing one", async () => {
    const home = await call("GET", "/api/admin/content/homepage");
    const hero = home.body.find((s) => s.section === "hero_title") as Json;
    const put = await call("PUT", `/api/admin/content/${hero.id}`, {
      content: "Sydney's Small-Group Dive Crew",
    });
    expect(put.status).toBe(200);
    expect((await loadSiteContent(ctx.db)).homepage.hero_title).toBe("Sydney's Small-Group Dive Crew");
    const made = await call("POST", "/api/admin/content", {
      page: "about",
      section: "about_extra_note",
      type: "text",
      content: "New note",
      title: "Extra note",
    });
    expect(made.status).toBe(201);
  });

  it("stored html keeps its scripts out of what the public pages render", async () => {
    const about = await call("GET", "/api/admin/content/about");
    const story = about.body.find((s) => s.section === "about_story_content") as Json;
    expect(story.type).toBe("html");
    const hostile =
      '<p>Before</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><p>After</p>';
    expect((await call("PUT", `/api/admin/content/${story.id}`, { content: hostile })).status).toBe(200);
    const shown = cleanHtml((await loadSiteContent(ctx.db)).about.about_story_content);
    expect(shown).toContain("<p>Before</p>");
    expect(shown).toContain("<p>After</p>");
    expect(shown).not.toMatch(/script|onerror|__pwned/);
  });
});

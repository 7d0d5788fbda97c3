import { DEFAULT_SITE_NAME } from "../../app/lib/site";
import { adminApi, adminToken } from "../fixtures/admin-session";
import { type APIRequestContext, expect, test } from "../fixtures/test";

// The site title set in the website editor (Global Elements) is the name every page
// shows: the browser's title and the structured data search engines read. Both are in
// the HTML the server sends, so the pages are read as a crawler reads them.
const RENAMED = "Reef & Ridge Adventures";

/** A page as the server sends it: its <title> as the browser shows it, and its JSON-LD blocks, parsed. */
async function served(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const title = raw
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
  return { title, jsonLd };
}

test("renaming the site renames page titles and the structured data", async ({ request }) => {
  const token = await adminToken(request);
  const sections = await adminApi<{ id: string; section: string; content: string }[]>(
    request,
    token,
    "GET",
    "/api/admin/content/global",
  );
  const title = sections.body.find((s) => s.section === "site_title");
  if (!title) throw new Error("no site_title section");
  const rename = (content: string) =>
    adminApi(request, token, "PUT", `/api/admin/content/${title.id}`, { content });
  expect((await rename(RENAMED)).status).toBe(200);
  try {
    const faq = await served(request, "/faq");
    expect(faq.title).toBe(`FAQ | ${RENAMED}`);
    const business = faq.jsonLd.find((n) => n["@type"] === "LocalBusiness");
    expect(business?.name).toBe(RENAMED);

    expect((await served(request, "/book")).title).toBe(`Book Your Adventure | ${RENAMED}`);

    const product = (await served(request, "/adventures/dive-exhibition")).jsonLd.find(
      (n) => n["@type"] === "Product",
    );
    expect((product?.brand as { name?: string } | undefined)?.name).toBe(RENAMED);
  } finally {
    expect((await rename(title.content || DEFAULT_SITE_NAME)).status).toBe(200);
  }
});

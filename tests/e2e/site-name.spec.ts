import { DEFAULT_SITE_NAME } from "../../app/lib/site";
import { adminApi, adminToken } from "../fixtures/admin-session";
import { expect, type Page, test } from "../fixtures/test";

// The site title set in the website editor (Global Elements) is the name every page
// shows: the browser's title and the structured data search engines read.
const RENAMED = "Reef & Ridge Adventures";

/** The JSON-LD blocks of the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

test("renaming the site renames page titles and the structured data", async ({ page, request }) => {
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
    await page.goto("/faq");
    await expect(page).toHaveTitle(`FAQ | ${RENAMED}`);
    const business = (await jsonLd(page)).find((n) => n["@type"] === "LocalBusiness");
    expect(business?.name).toBe(RENAMED);

    await page.goto("/book");
    await expect(page).toHaveTitle(`Book Your Adventure | ${RENAMED}`);

    await page.goto("/adventures/dive-exhibition");
    const product = (await jsonLd(page)).find((n) => n["@type"] === "Product");
    expect((product?.brand as { name?: string } | undefined)?.name).toBe(RENAMED);
  } finally {
    expect((await rename(title.content || DEFAULT_SITE_NAME)).status).toBe(200);
  }
});

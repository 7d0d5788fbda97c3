import { adminApi, loginPage, openAdmin } from "../fixtures/admin-session";
import { expect, test } from "../fixtures/test";

interface Section {
  id: string;
  section: string;
  content: string;
}

// On a fresh site the website editor's picker offers the photos the site
// already shows (the seed images are in the media library).
test("the website editor's media picker offers the seed photos", async ({ page, request }) => {
  const token = await loginPage(page, request);
  const { body: sections } = await adminApi<Section[]>(request, token, "GET", "/api/admin/content/homepage");
  const hero = sections.find((s) => s.section === "hero_background");
  expect(hero?.content).toBe("/images/site/home-hero.webp");
  try {
    await openAdmin(page, "/admin/website-editor", "Website Editor");
    const field = page.locator('[data-field="hero_background"]');
    await field.getByRole("button", { name: "Choose from media library" }).click();
    const picker = field.getByTestId("media-picker");
    await expect(picker).toBeVisible();
    // The current hero is marked as chosen; an adventure photo and a gallery photo are offered too.
    await expect(picker.getByRole("button", { name: "Use home-hero.webp" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(picker.getByRole("button", { name: "Use guided-shore-dive.webp" })).toBeVisible();
    const g01 = picker.getByRole("button", { name: "Use g01.webp" });
    await g01.scrollIntoViewIfNeeded();
    await g01.click();
    await expect(field.getByRole("textbox", { name: "Hero background" })).toHaveValue(
      "/images/gallery/g01.webp",
    );
    await expect(page.getByTestId("status-hero_background")).toHaveText("Saved");
    const { body: after } = await adminApi<Section[]>(request, token, "GET", "/api/admin/content/homepage");
    expect(after.find((s) => s.section === "hero_background")?.content).toBe("/images/gallery/g01.webp");
  } finally {
    await adminApi(request, token, "PUT", `/api/admin/content/${hero?.id}`, { content: hero?.content });
  }
});

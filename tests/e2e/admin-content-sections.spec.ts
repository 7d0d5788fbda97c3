import { adminApi, confirmDialog, loginPage, openAdmin } from "../fixtures/admin-session";
import { expect, type Page, test } from "../fixtures/test";

interface Section {
  id: string;
  page: string;
  section: string;
  content: string;
}

// Each test puts back what it changes in its finally block, whatever happened, so the
// seeded website text other specs read is unchanged; a section it adds carries a name of
// this run, so a second run never meets the first one's leftovers.
const run = Date.now().toString(36);

/** Puts a seeded section's text back (creating the section again if a test removed it). */
async function restore(request: Parameters<typeof adminApi>[0], token: string, seeded: Section | undefined) {
  if (!seeded) return;
  const now = await sectionOf(request, token, seeded.page, seeded.section);
  if (now) await adminApi(request, token, "PUT", `/api/admin/content/${now.id}`, { content: seeded.content });
  else
    await adminApi(request, token, "POST", "/api/admin/content", {
      page: seeded.page,
      section: seeded.section,
      content: seeded.content,
    });
}

async function sectionOf(request: Parameters<typeof adminApi>[0], token: string, page: string, name: string) {
  const { body } = await adminApi<Section[]>(request, token, "GET", `/api/admin/content/${page}`);
  return body.find((s) => s.section === name);
}

/** Holds the editor's save requests until the test lets them go, so "Saving..." can be seen. */
async function holdSaves(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route("**/api/admin/content**", async (route) => {
    if (route.request().method() !== "GET") await gate;
    await route.continue();
  });
  return release;
}

test.describe("website editor", () => {
  test("autosaves the home hero title as it is typed; the home page shows it", async ({ page, request }) => {
    const token = await loginPage(page, request);
    const original = await sectionOf(request, token, "homepage", "hero_title");
    expect(original).toBeDefined();
    try {
      const release = await holdSaves(page);
      await openAdmin(page, "/admin/website-editor", "Website Editor");
      for (const name of ["Homepage", "About Page", "Adventures Page", "Contact Page", "Global Elements"]) {
        await expect(page.getByRole("tab", { name })).toBeVisible();
      }
      // Hidden tabs hold other "Hero title" fields; roles only see the shown one.
      const title = page.getByRole("textbox", { name: "Hero title", exact: true });
      await expect(title).toHaveValue(original?.content ?? "");
      await title.fill("Sydney's Smallest Dive Crew, E2E Edition");
      const status = page.getByTestId("status-hero_title");
      await expect(status).toHaveText("Saving...");
      release();
      await expect(status).toHaveText("Saved");
      await expect(page.getByTestId("autosave-status")).toHaveText("Saved");

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Sydney's Smallest Dive Crew, E2E Edition",
      );

      await restore(request, token, original);
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(original?.content ?? "");
    } finally {
      await restore(request, token, original);
    }
  });

  test("creates a missing section, holds invalid URLs, and image fields pick from the media library", async ({
    page,
    request,
  }) => {
    const token = await loginPage(page, request);
    await page.clock.install();
    const cert = await sectionOf(request, token, "about", "certifications_title");
    const facebook = await sectionOf(request, token, "global", "social_facebook");
    try {
      // A section that does not exist yet is created by the editor (POST).
      await adminApi(request, token, "DELETE", `/api/admin/content/${cert?.id}`);
      let posted = false;
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().endsWith("/api/admin/content")) posted = true;
      });

      await openAdmin(page, "/admin/website-editor?tab=about", "Website Editor");
      await expect(page.getByRole("tab", { name: "About Page" })).toHaveAttribute("aria-selected", "true");
      const field = page.getByRole("textbox", { name: "Certifications title" });
      await expect(field).toHaveValue("");
      await field.fill("Qualifications (E2E)");
      await expect(page.getByTestId("status-certifications_title")).toHaveText("Saved");
      expect(posted).toBe(true);
      const made = await sectionOf(request, token, "about", "certifications_title");
      expect(made?.content).toBe("Qualifications (E2E)");

      await page.getByRole("tab", { name: "Global Elements" }).click();
      const fb = page.getByRole("textbox", { name: "Facebook" });
      await expect(fb).toHaveAttribute("type", "url");
      // Every save of this field, in the order sent: a held value must never be among them.
      const fbSaves: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "PUT" && r.url().endsWith(`/api/admin/content/${facebook?.id}`))
          fbSaves.push((JSON.parse(r.postData() ?? "{}") as { content: string }).content);
      });
      await fb.fill("facebook dot com");
      await expect(page.getByText("Enter a full URL (https://…) or a path on this site")).toBeVisible();
      // Well past the autosave delay, by the page's clock rather than a wait.
      await page.clock.fastForward(10_000);
      await fb.fill(facebook?.content ?? "https://facebook.com");
      await expect(page.getByTestId("status-social_facebook")).toHaveText("Saved");
      expect(fbSaves).toEqual([facebook?.content]);
      expect((await sectionOf(request, token, "global", "social_facebook"))?.content).toBe(facebook?.content);

      // The image picker lists media library images in a scrolling grid.
      await page.getByRole("button", { name: "Choose from media library" }).first().click();
      const picker = page.getByTestId("media-picker").first();
      await expect(picker).toBeVisible();
      await picker.getByRole("button", { name: "Close the media library" }).click();
      await expect(picker).toBeHidden();
    } finally {
      await restore(request, token, cert);
      await restore(request, token, facebook);
    }
  });

  test("a script stored in an html section does not run on the public page", async ({ page, request }) => {
    const token = await loginPage(page, request);
    const story = await sectionOf(request, token, "about", "about_story_content");
    try {
      let dialogs = 0;
      page.on("dialog", async (d) => {
        dialogs++;
        await d.dismiss();
      });
      await openAdmin(page, "/admin/website-editor?tab=about", "Website Editor");
      await page
        .getByRole("textbox", { name: "Story", exact: true })
        .fill(
          '<p>Before the script.</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2;alert(1)"><p onclick="window.__pwned=3">After the script.</p><a href="javascript:window.__pwned=4">link</a>',
        );
      await expect(page.getByTestId("status-about_story_content")).toHaveText("Saved");

      await page.goto("/about");
      await expect(page.getByText("Before the script.")).toBeVisible();
      await expect(page.getByText("After the script.")).toBeVisible();
      await page.getByText("After the script.").click();
      // The javascript: link lost its href: it is plain text now.
      expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toBe(0);
      const html = await page.content();
      expect(html).not.toContain("window.__pwned=1");
      expect(html).not.toContain("onerror");
    } finally {
      await restore(request, token, story);
    }
  });
});

test.describe("content sections manager", () => {
  test("adds (validated), edits and deletes a section of a chosen page", async ({ page, request }) => {
    const NAME = `e2e_promo_${run}`;
    const token = await loginPage(page, request);
    try {
      await openAdmin(page, "/admin/content", "Content Sections");
      await expect(page.getByRole("heading", { name: /Homepage sections/ })).toBeVisible();
      await page.getByLabel("Page").selectOption("faq");
      await expect(page).toHaveURL(/page=faq/);
      await expect(page.getByRole("heading", { name: /FAQ sections/ })).toBeVisible();

      await page.getByRole("button", { name: "Add section" }).click();
      const form = page.getByRole("form", { name: "Add a section" });
      await form.getByRole("button", { name: "Add section" }).click();
      await expect(form.getByText("Section name is required")).toBeVisible();
      await expect(form.getByText("Content is required")).toBeVisible();
      await form.getByLabel("Section name").fill("E2E Promo");
      await form.getByLabel("Type").selectOption("json");
      await form.getByLabel("Content").fill("{not json");
      await form.getByRole("button", { name: "Add section" }).click();
      await expect(form.getByText(/lowercase letters, digits, hyphens and underscores/)).toBeVisible();
      await expect(form.getByText("Content must be valid JSON for the json type")).toBeVisible();
      await form.getByLabel("Section name").fill(NAME);
      await form.getByLabel("Content").fill('{"headline":"Winter dives"}');
      await form.getByLabel("Title").fill("E2E promo data");
      await form.getByRole("button", { name: "Add section" }).click();
      await expect(page.getByText(`"${NAME}" added.`)).toBeVisible();
      const row = page.getByTestId("content-row").filter({ hasText: NAME });
      await expect(row).toContainText('{"headline":"Winter dives"}');
      await expect(row).toContainText("json");

      // (page, section) is unique: the server's 409 is shown.
      await page.getByRole("button", { name: "Add section" }).click();
      const again = page.getByRole("form", { name: "Add a section" });
      await again.getByLabel("Section name").fill(NAME);
      await again.getByLabel("Content").fill("dup");
      await again.getByRole("button", { name: "Add section" }).click();
      await expect(
        again.getByText(`Failed to create content: The faq page already has a section named "${NAME}"`),
      ).toBeVisible();
      await again.getByRole("button", { name: "Cancel" }).click();

      await row.getByRole("button", { name: `Edit ${NAME}` }).click();
      const edit = page.getByRole("form", { name: `Edit ${NAME}` });
      await edit.getByLabel("Content").fill("[broken");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(edit.getByText("Content must be valid JSON for the json type")).toBeVisible();
      await edit.getByLabel("Content").fill('{"headline":"Spring dives"}');
      await edit.getByLabel("Active").uncheck();
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText(`"${NAME}" updated.`)).toBeVisible();
      await expect(row).toContainText("Spring dives");
      await expect(row).toContainText("Inactive");

      await row.getByRole("button", { name: `Delete ${NAME}` }).click();
      await confirmDialog(page, "This text will no longer show on the website");
      await expect(page.getByText(`"${NAME}" deleted.`)).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      const left = await sectionOf(request, token, "faq", NAME);
      if (left) await adminApi(request, token, "DELETE", `/api/admin/content/${left.id}`);
    }
  });
});

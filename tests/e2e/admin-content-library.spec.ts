import { adminApi, confirmDialog, loginPage, openAdmin } from "../fixtures/admin-session";
import { type APIRequestContext, expect, test } from "../fixtures/test";

// Every test adds its own item, named for this run, and its finally block deletes it
// whatever happened, so the seeded gallery, reviews and FAQ other specs count are
// unchanged afterwards and a second run never meets the first one's leftovers.
const run = Date.now().toString(36);

/** Deletes, through the admin API, every item of `list` whose `field` is `value`. */
async function removeAll(
  request: APIRequestContext,
  token: string,
  list: "gallery" | "testimonials" | "faqs",
  field: string,
  value: string,
) {
  const { body } = await adminApi<Record<string, unknown>[]>(request, token, "GET", `/api/admin/${list}`);
  for (const item of body.filter((i) => i[field] === value))
    await adminApi(request, token, "DELETE", `/api/admin/${list}/${item.id}`);
}

test.describe("gallery manager", () => {
  test("validates, adds an image the public gallery shows, and deletes it after confirming", async ({
    page,
    request,
  }) => {
    const TITLE = `E2E Blue Groper ${run}`;
    const token = await loginPage(page, request);
    try {
      await openAdmin(page, "/admin/gallery", "Gallery");
      const cards = page.getByTestId("gallery-card");
      await expect(cards.first()).toBeVisible();
      const before = await cards.count();
      // Up to 3 tags, then "+N".
      const many = cards.filter({ hasText: "Regulator and BCD" });
      await expect(many.getByRole("list", { name: "Tags" }).locator("li")).toHaveText([
        "regulator",
        "BCD",
        "equipment",
        "+1",
      ]);

      const form = page.getByRole("form", { name: "Add a photo" });
      await form.getByRole("button", { name: "Add to gallery" }).click();
      await expect(form.getByText("Title is required")).toBeVisible();
      await expect(form.getByText("Category is required")).toBeVisible();
      await expect(form.getByText("Image URL is required")).toBeVisible();
      await form.getByRole("textbox", { name: "Title" }).fill(TITLE);
      await form.getByLabel("Category").selectOption("diving");
      await form.getByRole("textbox", { name: "Image URL" }).fill("groper.jpg");
      await form.getByRole("button", { name: "Add to gallery" }).click();
      await expect(form.getByText(/Image URL must be a URL/)).toBeVisible();
      await form.getByRole("textbox", { name: "Image URL" }).fill("/images/gallery/g02.webp");
      await expect(form.getByRole("img", { name: "Preview of image url" })).toBeVisible();
      await form.getByLabel("Tags").fill(" groper , ,Manly, marine life, reef ");
      await form.getByRole("button", { name: "Add to gallery" }).click();
      await expect(page.getByText(`"${TITLE}" added to the gallery.`)).toBeVisible();
      await expect(cards).toHaveCount(before + 1);
      const card = cards.first();
      await expect(card).toContainText(TITLE);
      await expect(card.getByRole("list", { name: "Tags" }).locator("li")).toHaveText([
        "groper",
        "Manly",
        "marine life",
        "+1",
      ]);

      await page.goto("/gallery");
      const thumb = page.getByTestId("gallery-thumb").first();
      await expect(thumb).toHaveAttribute("aria-label", new RegExp(TITLE));

      await openAdmin(page, "/admin/gallery", "Gallery");
      await cards
        .first()
        .getByRole("button", { name: `Delete ${TITLE}` })
        .click();
      await confirmDialog(page, `"${TITLE}" will be removed from the gallery`);
      await expect(page.getByText(`"${TITLE}" deleted.`)).toBeVisible();
      await expect(cards).toHaveCount(before);
      await page.goto("/gallery");
      await expect(page.getByTestId("gallery-thumb").filter({ hasText: TITLE })).toHaveCount(0);
      await expect(page.locator(`[aria-label^="${TITLE}"]`)).toHaveCount(0);
    } finally {
      await removeAll(request, token, "gallery", "title", TITLE);
    }
  });
});

test.describe("testimonials manager", () => {
  test("validates, adds a review that /reviews shows, deletes it after confirming", async ({
    page,
    request,
  }) => {
    const NAME = `E2E Reviewer ${run}`;
    const token = await loginPage(page, request);
    try {
      await openAdmin(page, "/admin/testimonials", "Testimonials");
      const cards = page.getByTestId("testimonial-card");
      await expect(cards.first()).toBeVisible();
      const before = await cards.count();

      const form = page.getByRole("form", { name: "Add a review" });
      await expect(form.getByLabel("Rating")).toHaveValue("5");
      await form.getByRole("button", { name: "Add review" }).click();
      for (const m of [
        "Customer name is required",
        "Location is required",
        "Adventure is required",
        "Review text is required",
      ]) {
        await expect(form.getByText(m)).toBeVisible();
      }
      await form.getByLabel("Customer name").fill(NAME);
      await form.getByLabel("Location").fill("Wellington, NZ");
      await form.getByLabel("Adventure").selectOption({ label: "Night Dive Experience" });
      await form
        .getByLabel("Review")
        .fill("Torch-lit octopus hunting with Liam was the highlight of our trip.");
      await form.getByLabel("Featured").check();
      await form.getByRole("button", { name: "Add review" }).click();
      await expect(page.getByText(`Review from ${NAME} added.`)).toBeVisible();
      await expect(cards).toHaveCount(before + 1);
      await expect(cards.first()).toContainText("Night Dive Experience");
      await expect(cards.first()).toContainText("Featured");
      await expect(form.getByLabel("Customer name")).toHaveValue("");

      await page.goto("/reviews");
      const review = page.getByTestId("review-card").filter({ hasText: NAME });
      await expect(review).toContainText("Torch-lit octopus hunting");
      await expect(review).toContainText("Wellington, NZ");
      await expect(page.getByTestId("reviews-average")).toHaveText("5.0");

      await openAdmin(page, "/admin/testimonials", "Testimonials");
      await cards
        .first()
        .getByRole("button", { name: `Delete the review from ${NAME}` })
        .click();
      await confirmDialog(page, `The review from ${NAME} will be removed`);
      await expect(cards).toHaveCount(before);
      await page.goto("/reviews");
      await expect(page.getByTestId("review-card").filter({ hasText: NAME })).toHaveCount(0);
    } finally {
      await removeAll(request, token, "testimonials", "customer_name", NAME);
    }
  });
});

test.describe("FAQ manager", () => {
  test("validates, adds, edits (seen on /faq) and deletes a question", async ({ page, request }) => {
    const Q = `E2E ${run}: Do you dive when it rains?`;
    const token = await loginPage(page, request);
    try {
      await openAdmin(page, "/admin/faqs", "FAQs");
      await expect(page.getByTestId("faq-row").first()).toBeVisible();
      const form = page.getByRole("form", { name: "Add a question" });
      await expect(form.getByLabel("Active")).toBeChecked();
      await form.getByLabel("Order").fill("-1");
      await form.getByRole("button", { name: "Add FAQ" }).click();
      for (const m of [
        "Category is required",
        "Question is required",
        "Answer is required",
        "Order must be at least 0",
      ]) {
        await expect(form.getByText(m)).toBeVisible();
      }
      await form.getByLabel("Category").selectOption("Weather & Conditions");
      await form.getByLabel("Order").fill("7");
      await form.getByLabel("Question").fill(Q);
      await form.getByLabel("Answer").fill("Yes, rain rarely changes the visibility.");
      await form.getByRole("button", { name: "Add FAQ" }).click();
      await expect(page.getByText("FAQ added.")).toBeVisible();
      const row = page.getByTestId("faq-row").filter({ hasText: Q });
      await expect(row).toBeVisible();

      await row.getByRole("button", { name: `Edit: ${Q}` }).click();
      const edit = page.getByRole("form", { name: "Edit question" });
      await expect(edit.getByLabel("Question")).toHaveValue(Q);
      await edit.getByLabel("Answer").fill("");
      await edit.getByRole("button", { name: "Update FAQ" }).click();
      await expect(edit.getByText("Answer is required")).toBeVisible();
      await edit
        .getByLabel("Answer")
        .fill("Yes! Rain rarely changes the visibility, and the fish do not mind.");
      await edit.getByRole("button", { name: "Update FAQ" }).click();
      await expect(page.getByText("FAQ updated.")).toBeVisible();

      await page.goto("/faq");
      const item = page.getByTestId("faq-item").filter({ hasText: Q });
      // Each question is a <details>: its <summary> opens it.
      await item.locator("summary").click();
      await expect(item).toContainText("the fish do not mind");

      // Inactive questions leave the public page.
      await openAdmin(page, "/admin/faqs", "FAQs");
      await row.getByRole("button", { name: `Edit: ${Q}` }).click();
      await page.getByRole("form", { name: "Edit question" }).getByLabel("Active").uncheck();
      await page
        .getByRole("form", { name: "Edit question" })
        .getByRole("button", { name: "Update FAQ" })
        .click();
      await expect(row).toContainText("Hidden");
      await page.goto("/faq");
      await expect(page.getByTestId("faq-item").filter({ hasText: Q })).toHaveCount(0);

      await openAdmin(page, "/admin/faqs", "FAQs");
      await row.getByRole("button", { name: `Delete: ${Q}` }).click();
      await confirmDialog(page, `"${Q}" will be removed from the FAQ page.`);
      await expect(page.getByText("FAQ deleted.")).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await removeAll(request, token, "faqs", "question", Q);
    }
  });
});

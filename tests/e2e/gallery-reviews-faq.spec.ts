import { adminApi, adminToken } from "../fixtures/admin-session";
import { expect, type Page, test } from "../fixtures/test";

/** "Showing 1 image" / "Showing N images". */
const showing = (n: number) => `Showing ${n} ${n === 1 ? "image" : "images"}`;
const reviewsText = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

async function thumbTitles(page: Page): Promise<string[]> {
  const labels = await page
    .getByTestId("gallery-thumb")
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
  return labels.map((l) => l.replace(/: view larger$/, ""));
}

test.describe("gallery", () => {
  test("has its title and meta description", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page).toHaveTitle(/Gallery/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("category buttons filter the images and the count follows, singular and plural", async ({ page }) => {
    await page.goto("/gallery");
    const thumbs = page.getByTestId("gallery-thumb");
    const count = page.getByTestId("gallery-count");
    const total = await thumbs.count();
    expect(total).toBeGreaterThan(1);
    await expect(count).toHaveText(showing(total));

    const filters = page.getByRole("group", { name: "Filter photos by category" }).getByRole("button");
    const labels = await filters.allTextContents();
    expect(labels.slice(0, 9)).toEqual([
      "All",
      "Diving",
      "Camping",
      "Equipment",
      "Team",
      "Adventure",
      "Dive & Camp",
      "Nature",
      "Hiking",
    ]);
    await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    let sawSingular = false;
    let sum = 0;
    for (const label of labels.slice(1)) {
      const button = page.getByRole("button", { name: label, exact: true });
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
      const n = await thumbs.count();
      sum += n;
      // Every seeded category has photos; the empty state has a test of its own below.
      expect(n, `${label} has photos`).toBeGreaterThan(0);
      await expect(page.getByRole("button", { name: "Show all photos" })).toHaveCount(0);
      await expect(count).toHaveText(showing(n));
      if (n === 1) sawSingular = true;
    }
    // Every image belongs to exactly one category.
    expect(sum).toBe(total);
    expect(sawSingular).toBe(true);

    await page.getByRole("button", { name: "Diving", exact: true }).click();
    await expect(page).toHaveURL(/\?category=diving$/);
    const diving = await thumbs.count();
    expect(diving).toBeLessThan(total);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect(thumbs).toHaveCount(total);
    await expect(count).toHaveText(showing(total));
  });

  test("a category without photos shows the empty state and a way back to all photos", async ({
    page,
    request,
  }) => {
    // Empties the Hiking category through the admin API and puts its photos back afterwards.
    const token = await adminToken(request);
    type Image = {
      id: string;
      title: string;
      image_url: string;
      category: string;
      tags: string[];
      description: string | null;
      alt: string | null;
    };
    const all = (await adminApi<Image[]>(request, token, "GET", "/api/admin/gallery")).body;
    const hiking = all.filter((i) => i.category === "hiking");
    expect(hiking.length, "the seed has hiking photos").toBeGreaterThan(0);
    try {
      for (const i of hiking) {
        expect((await adminApi(request, token, "DELETE", `/api/admin/gallery/${i.id}`)).status).toBe(200);
      }
      await page.goto("/gallery?category=hiking");
      await expect(page.getByTestId("gallery-count")).toHaveText(showing(0));
      await expect(page.getByTestId("gallery-thumb")).toHaveCount(0);
      await expect(page.getByText("No photos here yet", { exact: true })).toBeVisible();
      await expect(
        page.getByText("We haven't added any Hiking photos so far. Check back after our next trip."),
      ).toBeVisible();
      await page.getByRole("button", { name: "Show all photos" }).click();
      await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.getByTestId("gallery-thumb")).toHaveCount(all.length - hiking.length);
      await expect(page.getByText("No photos here yet", { exact: true })).toHaveCount(0);
    } finally {
      const left = (await adminApi<Image[]>(request, token, "GET", "/api/admin/gallery")).body;
      for (const i of hiking.filter((h) => !left.some((l) => l.id === h.id))) {
        const { title, image_url, category, tags, description, alt } = i;
        await adminApi(request, token, "POST", "/api/admin/gallery", {
          title,
          image_url,
          category,
          tags,
          description: description ?? "",
          alt: alt ?? "",
        });
      }
    }
  });

  test("the initial category comes from the address", async ({ page }) => {
    await page.goto("/gallery?category=hiking");
    await expect(page.getByRole("button", { name: "Hiking", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const n = await page.getByTestId("gallery-thumb").count();
    await expect(page.getByTestId("gallery-count")).toHaveText(showing(n));
  });

  test("the lightbox opens on click and closes by its button, the backdrop and Escape", async ({ page }) => {
    await page.goto("/gallery");
    const titles = await thumbTitles(page);
    const first = page.getByTestId("gallery-thumb").first();
    const dialog = page.getByRole("dialog", { name: "Gallery image viewer" });

    // Close button; focus moves in, then back to the thumbnail.
    await first.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("heading", { name: titles[0] })).toBeVisible();
    await expect(dialog.getByRole("img")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close image viewer" })).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await dialog.getByRole("button", { name: "Close image viewer" }).click();
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");

    // Backdrop (a corner away from the image and the controls).
    await first.click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("lightbox-backdrop").click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();

    // Clicking the image itself keeps it open.
    await first.click();
    await dialog.getByRole("img").click();
    await expect(dialog).toBeVisible();

    // Escape.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });

  test("the lightbox moves to the next and previous image by keyboard and buttons", async ({ page }) => {
    await page.goto("/gallery");
    const titles = await thumbTitles(page);
    const n = titles.length;
    const dialog = page.getByRole("dialog", { name: "Gallery image viewer" });
    const heading = dialog.getByRole("heading", { level: 2 });

    await page.getByTestId("gallery-thumb").first().click();
    await expect(heading).toHaveText(titles[0]);
    await expect(dialog.getByText(`1 / ${n}`)).toBeVisible();

    await page.keyboard.press("ArrowRight");
    await expect(heading).toHaveText(titles[1]);
    await expect(dialog.getByText(`2 / ${n}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(heading).toHaveText(titles[0]);
    // Wraps around from the first to the last.
    await page.keyboard.press("ArrowLeft");
    await expect(heading).toHaveText(titles[n - 1]);

    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(heading).toHaveText(titles[0]);
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(heading).toHaveText(titles[n - 1]);

    // Tab stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // Closing returns focus to the thumbnail of the image shown last.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("gallery-thumb").nth(n - 1)).toBeFocused();
  });

  test("the lightbox only steps through the filtered images", async ({ page }) => {
    await page.goto("/gallery?category=diving");
    const titles = await thumbTitles(page);
    await page.getByTestId("gallery-thumb").first().click();
    const dialog = page.getByRole("dialog", { name: "Gallery image viewer" });
    await expect(dialog.getByText(`1 / ${titles.length}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(titles[titles.length - 1]);
  });

  test("invites visitors to share their photos by email", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { name: "Share your photos with us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Email your photos" })).toHaveAttribute(
      "href",
      /^mailto:.+@/,
    );
  });
});

test.describe("reviews", () => {
  test("shows every review, the computed average and the total", async ({ page }) => {
    await page.goto("/reviews");
    await expect(page).toHaveTitle(/Reviews/);
    const cards = page.getByTestId("review-card");
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    await expect(page.getByTestId("reviews-count")).toHaveText(reviewsText(n));
    await expect(page.getByTestId("reviews-total")).toHaveText(`Based on ${reviewsText(n)}`);

    const ratings = await cards
      .getByRole("img", { name: /^Rated \d out of 5$/ })
      .evaluateAll((els) =>
        els.map((el) => Number(/Rated (\d)/.exec(el.getAttribute("aria-label") ?? "")?.[1])),
      );
    expect(ratings).toHaveLength(n);
    const average = (ratings.reduce((a, b) => a + b, 0) / n).toFixed(1);
    await expect(page.getByTestId("reviews-average")).toHaveText(average);
    await expect(page.getByRole("img", { name: `Average rating ${average} out of 5` })).toBeVisible();
  });

  test("the adventure filter narrows the list and the count follows", async ({ page }) => {
    await page.goto("/reviews");
    const cards = page.getByTestId("review-card");
    const total = await cards.count();
    const select = page.getByLabel("Filter by adventure");
    const options = await select
      .locator("option")
      .evaluateAll((els) =>
        els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent ?? "" })),
      );
    expect(options[0]).toEqual({ value: "all", label: "All adventures" });
    expect(options.length).toBeGreaterThan(2);

    // Every adventure offered has reviews, and each filtered card names it.
    let sum = 0;
    for (const option of options.slice(1)) {
      await select.selectOption(option.value);
      const n = await cards.count();
      expect(n).toBeGreaterThan(0);
      sum += n;
      await expect(page.getByTestId("reviews-count")).toHaveText(reviewsText(n));
      for (const card of await cards.all()) await expect(card).toContainText(option.label);
    }
    expect(sum).toBe(total);
    await expect(page).toHaveURL(new RegExp(`\\?adventure=${options[options.length - 1].value}$`));

    await select.selectOption("all");
    await expect(cards).toHaveCount(total);
    await expect(page.getByTestId("reviews-count")).toHaveText(reviewsText(total));
    // The headline counts every review whatever the filter.
    await expect(page.getByTestId("reviews-total")).toHaveText(`Based on ${reviewsText(total)}`);
  });

  test("an adventure without reviews shows the empty state", async ({ page }) => {
    await page.goto("/reviews");
    const total = await page.getByTestId("review-card").count();

    await page.goto("/reviews?adventure=e2e-adventure-without-reviews");
    await expect(page.getByText("No reviews found", { exact: true })).toBeVisible();
    await expect(page.getByTestId("reviews-count")).toHaveText("0 reviews");
    await expect(page.getByTestId("review-card")).toHaveCount(0);
    await expect(page.getByTestId("reviews-total")).toHaveText(`Based on ${reviewsText(total)}`);

    await page.getByRole("button", { name: "Show all reviews" }).click();
    await expect(page.getByTestId("review-card")).toHaveCount(total);
    await expect(page.getByLabel("Filter by adventure")).toHaveValue("all");
  });

  test("reviews are left by email or social media", async ({ page }) => {
    await page.goto("/reviews");
    await expect(page.getByRole("link", { name: "Email your review" })).toHaveAttribute(
      "href",
      /^mailto:.+@/,
    );
    // No review form on the site: the only text area would be one.
    await expect(page.locator("main textarea")).toHaveCount(0);
  });
});

test.describe("faq", () => {
  const CATEGORIES = [
    "Getting Started",
    "Safety & Equipment",
    "Weather & Conditions",
    "Booking & Pricing",
    "Specific Adventures",
    "Health & Accessibility",
  ];

  test("lists the six categories in order with questions and answers in the HTML", async ({ browser }) => {
    // Without JavaScript: everything must come from the server.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/faq");
    await expect(page).toHaveTitle(/FAQ/);
    const headings = await page.locator("main section[id] > div > h2").allTextContents();
    expect(headings.slice(0, 6)).toEqual(CATEGORIES);
    const questions = page.locator("main [aria-controls^='faq-a-']");
    const n = await questions.count();
    expect(n).toBeGreaterThanOrEqual(6);
    const answers = page.locator("main [id^='faq-a-']");
    await expect(answers).toHaveCount(n);
    for (const answer of await answers.all()) {
      await expect(answer).toBeHidden();
      expect((await answer.textContent())?.trim().length).toBeGreaterThan(0);
    }

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = ld.map((t) => JSON.parse(t)).find((j) => j["@type"] === "FAQPage");
    expect(faqPage.mainEntity).toHaveLength(n);
    expect(faqPage.mainEntity[0]["@type"]).toBe("Question");
    expect(faqPage.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(0);
    await context.close();
  });

  test("one answer is open at a time; clicking the open one closes it", async ({ page }) => {
    await page.goto("/faq");
    const questions = page.locator("main button[aria-controls^='faq-a-']");
    const first = questions.nth(0);
    // The last one sits in another category: one open answer across the whole page.
    const other = questions.last();
    for (const q of await questions.all()) await expect(q).toHaveAttribute("aria-expanded", "false");

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    const firstAnswer = page.locator(`#${await first.getAttribute("aria-controls")}`);
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toHaveAttribute("aria-labelledby", (await first.getAttribute("id")) ?? "");

    await other.click();
    await expect(other).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(firstAnswer).toBeHidden();
    const otherAnswer = page.locator(`#${await other.getAttribute("aria-controls")}`);
    await expect(otherAnswer).toBeVisible();
    await expect(page.locator("main button[aria-expanded='true']")).toHaveCount(1);

    await other.click();
    await expect(other).toHaveAttribute("aria-expanded", "false");
    await expect(otherAnswer).toBeHidden();
    await expect(page.locator("main button[aria-expanded='true']")).toHaveCount(0);
  });

  test("the accordion works with Enter and Space", async ({ page }) => {
    await page.goto("/faq");
    const questions = page.locator("main button[aria-controls^='faq-a-']");
    const a = questions.nth(2);
    const b = questions.nth(3);
    await a.focus();
    await page.keyboard.press("Enter");
    await expect(a).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(a).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(a).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Tab");
    await expect(b).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(b).toHaveAttribute("aria-expanded", "true");
    await expect(a).toHaveAttribute("aria-expanded", "false");
  });

  test("has the emergency information and links onwards", async ({ page }) => {
    await page.goto("/faq");
    const emergency = page.getByRole("region", { name: "Emergency information" });
    await expect(emergency).toContainText("000");
    await expect(emergency.getByRole("link", { name: "Call 000" })).toHaveAttribute("href", "tel:000");
    await expect(emergency.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    const more = page.getByRole("region", { name: "Still have questions?" });
    await expect(more.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    await expect(more.getByRole("link", { name: "Browse adventures" })).toHaveAttribute(
      "href",
      "/adventures",
    );
    await expect(more.getByRole("link", { name: "Book your adventure" })).toHaveAttribute("href", "/book");
  });
});

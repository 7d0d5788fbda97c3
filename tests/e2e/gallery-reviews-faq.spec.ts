import { expect, type Page, test } from "../fixtures/test";

const reviewsText = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

const mainNav = (page: Page) => page.getByTestId("site-header").getByRole("navigation", { name: "Main" });

test("the gallery, the FAQ and the reviews pages, one after the other through the header", async ({
  page,
}) => {
  await page.goto("/gallery");

  await test.step("gallery: has its title and meta description, and invites visitors to share their photos by email", async () => {
    await expect(page).toHaveTitle(/Gallery/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Share your photos with us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Email your photos" })).toHaveAttribute(
      "href",
      /^mailto:.+@/,
    );
  });

  await test.step("faq: has the emergency information and links onwards", async () => {
    await mainNav(page).getByRole("link", { name: "FAQ", exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
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

  await mainNav(page).getByRole("link", { name: "Reviews", exact: true }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  // The list is on screen before its cards are counted.
  await expect(page.getByTestId("reviews-count")).toBeVisible();

  await test.step("reviews are left by email or social media", async () => {
    await expect(page.getByRole("link", { name: "Email your review" })).toHaveAttribute(
      "href",
      /^mailto:.+@/,
    );
    // No review form on the site: the only text area would be one.
    await expect(page.locator("main textarea")).toHaveCount(0);
  });

  await test.step("shows every review, the computed average and the total", async () => {
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

    // The headline counts every review whatever the filter; the list shows the filtered ones
    // (the filter itself is tested with its component).
    await page.goto("/reviews?adventure=e2e-adventure-without-reviews");
    await expect(page.getByTestId("reviews-total")).toHaveText(`Based on ${reviewsText(n)}`);
    await expect(page.getByTestId("reviews-count")).toHaveText("0 reviews");
    await expect(page.getByText("No reviews found", { exact: true })).toBeVisible();
    const option = page.getByLabel("Filter by adventure").locator("option").nth(1);
    await page.getByLabel("Filter by adventure").selectOption((await option.getAttribute("value")) ?? "");
    await expect(page.getByTestId("reviews-count")).not.toHaveText("0 reviews");
    await expect(page.getByTestId("reviews-total")).toHaveText(`Based on ${reviewsText(n)}`);
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
    // Each question is the summary of a <details> holding its answer, closed at first.
    const questions = page.locator("main details > summary");
    const n = await questions.count();
    expect(n).toBeGreaterThanOrEqual(6);
    const answers = page.locator("main details > [id^='faq-a-']");
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
});

import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  type AdventureFilters,
  applyFilters,
  countText,
  DEFAULT_FILTERS,
  parseFilters,
} from "../../app/lib/adventure-filters";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import type { PublicAdventure } from "../../server/domain/adventures.server";

// Expectations are computed from the live catalogue (GET /api/adventures-pro), so
// these tests hold whatever other specs do to the adventures.
async function catalogue(request: APIRequestContext): Promise<PublicAdventure[]> {
  const res = await request.get("/api/adventures-pro");
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as PublicAdventure[];
  expect(list.length).toBeGreaterThan(0);
  return list;
}

const expected = (list: PublicAdventure[], over: Partial<AdventureFilters>) =>
  applyFilters(list, { ...DEFAULT_FILTERS, ...over });

/** Links only navigate client-side once React has hydrated them. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector('nav[aria-label="Main"] a[href="/adventures"]');
    return !!link && Object.keys(link).some((k) => k.startsWith("__reactProps"));
  });
}

const cards = (page: Page) => page.getByTestId("adventure-card");
const cardTitles = (page: Page) => cards(page).locator("h3");
const count = (page: Page) => page.getByTestId("adventure-count");
const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const navAdventures = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Adventures", exact: true });

test.describe("/adventures list", () => {
  test("server-renders every active adventure with count and complete cards", async ({ page, request }) => {
    const list = await catalogue(request);
    const popular = expected(list, {});
    await page.goto("/adventures");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(count(page)).toHaveText(countText(list.length));
    await expect(cards(page)).toHaveCount(list.length);
    await expect(cardTitles(page)).toHaveText(popular.map((a) => a.title));

    const first = popular[0];
    const card = cards(page).first();
    await expect(card).toContainText(first.price_display);
    await expect(card).toContainText(first.duration);
    await expect(card).toContainText(first.groupSize);
    await expect(card.locator("img").first()).toHaveAttribute("alt", first.hero_image_alt || first.title);
    await expect(card.locator("ul").first().locator("li")).toHaveCount(Math.min(3, first.highlights.length));
    await expect(card.getByRole("list", { name: "Tags" }).locator("li")).toHaveCount(
      Math.min(2, first.tags.length),
    );
    await expect(card.getByRole("link", { name: "Learn More" })).toHaveAttribute(
      "href",
      `/adventures/${first.slug}`,
    );
    await expect(card.getByRole("link", { name: "Book Now" })).toHaveAttribute(
      "href",
      `/book?adventure=${first.id}`,
    );
  });

  test("filters, sorting, count, empty state and Clear All Filters", async ({ page, request }) => {
    const list = await catalogue(request);
    await page.goto("/adventures");
    await waitForHydration(page);

    // Exactly the option values of the spec.
    const values = (label: string) =>
      select(page, label)
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(await values("Category")).toEqual(["all", "scuba-diving", "snorkeling", "camping", "combined"]);
    expect(await values("Duration")).toEqual(["all", "1day", "weekend", "multiday"]);
    expect(await values("Skill level")).toEqual([
      "all",
      "beginner",
      "intermediate",
      "advanced",
      "all-levels",
    ]);
    expect(await values("Sort by")).toEqual(["popularity", "price-low", "price-high", "duration"]);

    for (const category of ["scuba-diving", "combined", "camping"] as const) {
      await select(page, "Category").selectOption(category);
      await expect(page).toHaveURL(new RegExp(`[?&]category=${category}`));
      await expect(count(page)).toHaveText(countText(expected(list, { category }).length));
      await expect(cardTitles(page)).toHaveText(expected(list, { category }).map((a) => a.title));
    }
    await select(page, "Category").selectOption("all");

    for (const duration of ["1day", "weekend", "multiday"] as const) {
      await select(page, "Duration").selectOption(duration);
      await expect(page).toHaveURL(new RegExp(`[?&]duration=${duration}`));
      await expect(cardTitles(page)).toHaveText(expected(list, { duration }).map((a) => a.title));
    }
    await select(page, "Duration").selectOption("all");

    for (const skill of ["beginner", "intermediate"] as const) {
      await select(page, "Skill level").selectOption(skill);
      await expect(cardTitles(page)).toHaveText(expected(list, { skill }).map((a) => a.title));
    }
    await select(page, "Skill level").selectOption("all");

    for (const sort of ["price-low", "price-high", "duration", "popularity"] as const) {
      await select(page, "Sort by").selectOption(sort);
      await expect(cardTitles(page)).toHaveText(expected(list, { sort }).map((a) => a.title));
    }
    // Ascending prices really are ascending on screen.
    await select(page, "Sort by").selectOption("price-low");
    const prices = expected(list, { sort: "price-low" }).map((a) => a.price_num);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Combined filters and the empty state.
    const empty: Partial<AdventureFilters> = { category: "camping", skill: "advanced" };
    expect(expected(list, empty)).toHaveLength(0);
    await select(page, "Category").selectOption("camping");
    await select(page, "Skill level").selectOption("advanced");
    await expect(page.getByRole("heading", { name: "No adventures found" })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(count(page)).toHaveText("0 adventures found");

    await page.getByRole("button", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/adventures$/);
    await expect(count(page)).toHaveText(countText(list.length));
    await expect(select(page, "Category")).toHaveValue("all");
    await expect(select(page, "Duration")).toHaveValue("all");
    await expect(select(page, "Skill level")).toHaveValue("all");
    await expect(select(page, "Sort by")).toHaveValue("popularity");
  });

  test("filters live in the URL: shareable, replaced, and restored by the back button", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    await page.goto("/adventures");
    await waitForHydration(page);
    await select(page, "Category").selectOption("scuba-diving");
    await select(page, "Sort by").selectOption("price-high");
    await expect(page).toHaveURL(/\/adventures\?category=scuba-diving&sort=price-high$/);
    const shown = expected(list, { category: "scuba-diving", sort: "price-high" });

    await cards(page).first().getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(`/adventures/${shown[0].slug}`);
    await page.goBack();
    await expect(page).toHaveURL(/\/adventures\?category=scuba-diving&sort=price-high$/);
    await expect(select(page, "Category")).toHaveValue("scuba-diving");
    await expect(cardTitles(page)).toHaveText(shown.map((a) => a.title));

    // Filter changes replace the entry: one step back leaves the list.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/adventures/);

    // A shared link opens filtered, on the server render too.
    await page.goto("/adventures?category=combined&duration=weekend&skill=intermediate&sort=duration");
    const shared = expected(list, {
      category: "combined",
      duration: "weekend",
      skill: "intermediate",
      sort: "duration",
    });
    await expect(count(page)).toHaveText(countText(shared.length));
    await expect(select(page, "Sort by")).toHaveValue("duration");
  });

  test("the category query parameter: a real category and the four footer links", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    const cases: { query: string; selects: Record<string, string> }[] = [
      { query: "scuba-diving", selects: { Category: "scuba-diving", "Skill level": "all", Duration: "all" } },
      { query: "beginner", selects: { Category: "all", "Skill level": "beginner", Duration: "all" } },
      { query: "certified", selects: { Category: "all", "Skill level": "intermediate", Duration: "all" } },
      { query: "camping", selects: { Category: "camping", "Skill level": "all", Duration: "all" } },
      { query: "multiday", selects: { Category: "all", "Skill level": "all", Duration: "multiday" } },
    ];
    for (const c of cases) {
      const want = applyFilters(list, parseFilters(new URLSearchParams({ category: c.query })));
      expect(want.length, `?category=${c.query} must not be empty`).toBeGreaterThan(0);
      await page.goto(`/adventures?category=${c.query}`);
      for (const [label, value] of Object.entries(c.selects))
        await expect(select(page, label)).toHaveValue(value);
      await expect(count(page)).toHaveText(countText(want.length));
      await expect(cardTitles(page)).toHaveText(want.map((a) => a.title));
    }

    // The footer's links land on those lists.
    await page.goto("/");
    const footerHrefs = await page
      .locator("footer a[href^='/adventures?category=']")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(footerHrefs.sort()).toEqual(
      [
        "/adventures?category=beginner",
        "/adventures?category=camping",
        "/adventures?category=certified",
        "/adventures?category=multiday",
      ].sort(),
    );

    // Unknown values fall back to everything.
    await page.goto("/adventures?category=volcanoes&skill=guru&sort=random");
    await expect(select(page, "Category")).toHaveValue("all");
    await expect(select(page, "Sort by")).toHaveValue("popularity");
    await expect(count(page)).toHaveText(countText(list.length));
  });

  test("client-side navigation shows 'Loading adventures...' while GET /api/adventures-pro loads", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    await page.route("**/api/adventures-pro", async (route) => {
      calls++;
      await gate;
      await route.continue();
    });
    await page.goto("/about");
    await waitForHydration(page);
    await navAdventures(page).click();
    await expect(page).toHaveURL(/\/adventures$/);
    const loading = page.getByRole("status").filter({ hasText: "Loading adventures..." });
    await expect(loading).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(select(page, "Category")).toBeVisible();
    release();
    await expect(count(page)).toHaveText(countText(list.length));
    await expect(loading).toHaveCount(0);
    expect(calls).toBe(1);
  });

  for (const failure of ["HTTP 500", "network failure"] as const) {
    test(`client-side load error (${failure}) shows the error and Retry reloads the page`, async ({
      page,
      request,
    }) => {
      const list = await catalogue(request);
      await page.route("**/api/adventures-pro", (route) =>
        failure === "HTTP 500"
          ? route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"boom"}' })
          : route.abort("failed"),
      );
      await page.goto("/about");
      await waitForHydration(page);
      await navAdventures(page).click();
      await expect(
        page.getByText("Error loading adventures: Failed to load adventures", { exact: true }),
      ).toBeVisible();
      await expect(cards(page)).toHaveCount(0);

      await page.unroute("**/api/adventures-pro");
      await page.evaluate(() => {
        (window as unknown as { beforeRetry: boolean }).beforeRetry = true;
      });
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(count(page)).toHaveText(countText(list.length));
      await expect(page).toHaveURL(/\/adventures$/);
      // A real reload: the old document's state is gone.
      expect(
        await page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry),
      ).toBeUndefined();
    });
  }

  test("works without JavaScript: list, counts and GET filters", async ({ browser, request }) => {
    const list = await catalogue(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/adventures");
    await expect(count(page)).toHaveText(countText(list.length));
    await expect(cards(page)).toHaveCount(list.length);
    await expect(page.getByText("Loading adventures...")).toHaveCount(0);

    await page.goto("/adventures?category=camping");
    await expect(count(page)).toHaveText(countText(expected(list, { category: "camping" }).length));

    // The filter form submits as a plain GET.
    await page.goto("/adventures");
    await select(page, "Skill level").selectOption("beginner");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/skill=beginner/);
    await expect(count(page)).toHaveText(countText(expected(list, { skill: "beginner" }).length));
    await context.close();
  });
});

test.describe("/adventures/{slug} detail", () => {
  test("hero, side card, meta and JSON-LD", async ({ page, request }) => {
    const a = (await catalogue(request)).find((x) => x.slug === "dive-exhibition");
    test.skip(!a, "dive-exhibition is not active");
    if (!a) return;
    await page.goto(`/adventures/${a.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);
    await expect(page.getByText(a.tagline)).toBeVisible();

    const side = page.getByTestId("booking-card");
    await expect(side).toContainText(a.price_display);
    await expect(side).toContainText(a.duration);
    await expect(side).toContainText(a.groupSize);
    await expect(side).toContainText(a.location);
    if (a.booking_enabled) {
      await expect(side.getByRole("link", { name: "Book This Adventure" })).toHaveAttribute(
        "href",
        `/book?adventure=${a.id}`,
      );
    }
    await expect(side.getByRole("link", { name: "Ask Questions" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("heading", { name: "Our Safety Guarantee" })).toBeVisible();

    await expect(page).toHaveTitle(a.meta_title || a.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/adventures/${a.slug}$`),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${(a.social_image || a.hero_image).replace(/[.]/g, "\\.")}$`),
    );
    const ld = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}")));
    const product = ld.find((x) => x["@type"] === "Product");
    expect(product).toMatchObject({
      name: a.title,
      offers: {
        "@type": "Offer",
        price: a.base_price.toFixed(2),
        priceCurrency: "AUD",
        availability: a.booking_enabled ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
    });
  });

  test("tabs: Overview by default, switching by click and by keyboard", async ({ page, request }) => {
    const a = (await catalogue(request)).find((x) => x.slug === "dive-exhibition");
    test.skip(!a, "dive-exhibition is not active");
    if (!a) return;
    await page.goto(`/adventures/${a.slug}`);
    await waitForHydration(page);
    const tablist = page.getByRole("tablist");
    const tab = (name: string) => tablist.getByRole("tab", { name, exact: true });
    await expect(tablist.getByRole("tab")).toHaveText([
      "Overview",
      "What's Included",
      "Itinerary",
      "Details",
    ]);
    await expect(tab("Overview")).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(panel).toHaveAttribute("id", "panel-overview");
    await expect(tab("Overview")).toHaveAttribute("aria-controls", "panel-overview");
    const firstParagraph = a.full_description.split(/\n\s*\n/)[0].trim();
    await expect(panel.getByText(firstParagraph)).toBeVisible();
    await expect(panel.getByText(a.highlights[0])).toBeVisible();
    await expect(panel.getByText(a.best_for[0])).toBeVisible();

    await tab("What's Included").click();
    await expect(tab("What's Included")).toHaveAttribute("aria-selected", "true");
    await expect(tab("Overview")).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel")).toHaveAttribute("id", "panel-included");
    for (const item of [...a.included_items, ...a.excluded_items]) {
      await expect(page.getByRole("tabpanel").getByText(item, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(firstParagraph)).toBeHidden();

    await tab("Itinerary").click();
    const steps = page.getByRole("tabpanel").locator("ol > li");
    await expect(steps).toHaveCount(a.itinerary.length);
    await expect(steps.first()).toContainText("8:00 AM");

    await tab("Details").click();
    const details = page.getByRole("tabpanel");
    await expect(details).toContainText(a.meeting_point);
    await expect(details).toContainText(a.what_to_bring[0]);
    await expect(details).toContainText(`${a.min_age} years`);
    await expect(details).toContainText(a.fitness_requirements);
    await expect(details).toContainText(a.cancellation_policy);
    await expect(details.getByRole("heading", { name: "Health & Safety" })).toBeVisible();

    // Keyboard: arrows move and select, wrapping; Home and End jump.
    await tab("Overview").click();
    await page.keyboard.press("ArrowRight");
    await expect(tab("What's Included")).toBeFocused();
    await expect(tab("What's Included")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(tab("Details")).toBeFocused();
    await expect(tab("Details")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tab("Overview")).toBeFocused();
    await page.keyboard.press("End");
    await expect(tab("Details")).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the tab order.
    await expect(tab("Overview")).toHaveAttribute("tabindex", "-1");
    await expect(tab("Details")).toHaveAttribute("tabindex", "0");
  });

  test("You Might Also Like: up to 3 other adventures sharing category or skill level", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    const a = list.find((x) => x.slug === "dive-exhibition") ?? list[0];
    const candidates = list.filter(
      (x) => x.id !== a.id && (x.category === a.category || x.skill_level === a.skill_level),
    );
    await page.goto(`/adventures/${a.slug}`);
    const related = page.getByTestId("related-adventures").getByTestId("adventure-card");
    await expect(page.getByRole("heading", { name: "You Might Also Like" })).toBeVisible();
    await expect(related).toHaveCount(Math.min(3, candidates.length));
    const titles = await related.locator("h3").allTextContents();
    for (const t of titles) {
      expect(t).not.toBe(a.title);
      expect(candidates.map((c) => c.title)).toContain(t);
    }
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Itinerary" }).click();
    await related.first().getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/adventures\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[0]);
    // Each adventure opens on its Overview.
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  });

  test("card links: Learn More opens the detail page, Book Now the booking page", async ({
    page,
    request,
  }) => {
    const first = expected(await catalogue(request), {})[0];
    await page.goto("/adventures");
    await waitForHydration(page);
    await cards(page).first().getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(`/adventures/${first.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
    await page.goBack();
    await expect(page).toHaveURL(/\/adventures$/);
    // The URL changes before the list replaces the detail page (whose related cards look alike).
    await expect(count(page)).toBeVisible();
    await cards(page).first().getByRole("link", { name: "Book Now" }).click();
    await expect(page).toHaveURL(`/book?adventure=${first.id}`);
  });

  test("an unknown slug redirects to /adventures without leaving the bad URL in history", async ({
    page,
  }) => {
    // Full page load: the server answers a redirect, so the bad URL never enters history.
    await page.goto("/about");
    await page.goto("/adventures/no-such-adventure");
    await expect(page).toHaveURL(/\/adventures$/);
    await expect(count(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);

    // Client-side navigation: the bad URL is never committed, and the page we came from is kept.
    await page.goto("/faq");
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } };
      w.__reactRouterDataRouter.navigate("/adventures/no-such-adventure");
    });
    await expect(page).toHaveURL(/\/adventures$/);
    await expect(count(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("crawlers get a 404 for an unknown slug; people get a redirect", async ({ request }) => {
    const bot = await request.get("/adventures/no-such-adventure", {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      maxRedirects: 0,
    });
    expect(bot.status()).toBe(404);
    const person = await request.get("/adventures/no-such-adventure", {
      headers: {
        "User-Agent":
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
      },
      maxRedirects: 0,
    });
    expect([301, 302, 303, 307, 308]).toContain(person.status());
    expect(new URL(person.headers().location, "http://x").pathname).toBe("/adventures");
  });

  test("booking closed and inactive adventures (own data through the admin API)", async ({
    page,
    request,
  }) => {
    const login = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
    expect(login.ok()).toBe(true);
    const headers = { Authorization: `Bearer ${(await login.json()).token}` };
    const suffix = Date.now().toString(36);
    const base = {
      tagline: "A test trip",
      short_description: "Short test description.",
      full_description: "First paragraph.\n\nSecond paragraph.",
      base_price: 120,
      price_display: "$120 per person",
      duration: "2 hours",
      group_size_min: 1,
      group_size_max: 2,
      skill_level: "advanced",
      category: "snorkeling",
      location: "Test Bay",
      included_items: ["Test gear"],
    };
    const created: string[] = [];
    try {
      const closed = await request.post("/api/admin/adventures-pro", {
        headers,
        data: {
          ...base,
          title: `Closed Trip ${suffix}`,
          slug: `closed-trip-${suffix}`,
          booking_enabled: false,
        },
      });
      expect(closed.status()).toBe(201);
      created.push((await closed.json()).id);
      const hidden = await request.post("/api/admin/adventures-pro", {
        headers,
        data: { ...base, title: `Hidden Trip ${suffix}`, slug: `hidden-trip-${suffix}`, is_active: false },
      });
      expect(hidden.status()).toBe(201);
      created.push((await hidden.json()).id);

      await page.goto(`/adventures/closed-trip-${suffix}`);
      const side = page.getByTestId("booking-card");
      await expect(side).toContainText("Online booking is closed for this trip.");
      await expect(side.getByRole("link", { name: "Book This Adventure" })).toHaveCount(0);
      await expect(side.getByRole("link", { name: "Ask Questions" })).toHaveAttribute("href", "/contact");
      const ld = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}")));
      expect(ld.find((x) => x["@type"] === "Product")?.offers.availability).toBe(
        "https://schema.org/OutOfStock",
      );

      // Inactive adventures are not public: people land on the list, crawlers get a 404.
      await page.goto(`/adventures/hidden-trip-${suffix}`);
      await expect(page).toHaveURL(/\/adventures$/);
      await expect(cardTitles(page).filter({ hasText: `Hidden Trip ${suffix}` })).toHaveCount(0);
      await expect(cardTitles(page).filter({ hasText: `Closed Trip ${suffix}` })).toHaveCount(1);
    } finally {
      for (const id of created) await request.delete(`/api/admin/adventures-pro/${id}`, { headers });
    }
  });

  test("works without JavaScript: every section is in the page", async ({ browser, request }) => {
    const a = (await catalogue(request)).find((x) => x.slug === "dive-exhibition");
    test.skip(!a, "dive-exhibition is not active");
    if (!a) return;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/adventures/${a.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);
    await expect(page.getByTestId("booking-card")).toContainText(a.price_display);
    await expect(page.getByText(a.full_description.split(/\n\s*\n/)[0].trim())).toBeVisible();
    // The tabs cannot switch without scripts, so all panels are shown.
    await expect(page.getByText(a.included_items[0], { exact: true })).toBeVisible();
    await expect(page.getByText(a.meeting_point)).toBeVisible();
    await expect(page.getByTestId("related-adventures").getByTestId("adventure-card").first()).toBeVisible();
    await context.close();
  });
});

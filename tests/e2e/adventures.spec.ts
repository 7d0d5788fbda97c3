import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import type { PublicAdventure } from "../../server/domain/content/adventures.server";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";

/**
 * The seeded catalogue, written out here so the expected lists below are worked out by
 * hand, not by the filter code under test. Popularity order: featured first, then the
 * operator's sort order. Hours are the length the "Shortest first" sort reads.
 *
 * | # | title                          | category     | skill        | duration               | price | featured |
 * | A | Discover Scuba Diving          | scuba-diving | beginner     | 3 hours                |    95 | yes      |
 * | B | Guided Shore Dive              | scuba-diving | intermediate | 3 hours                |   135 | yes      |
 * | C | Double Shore Dive Day Trip     | scuba-diving | intermediate | Full day (7 hours)     |   195 | yes      |
 * | D | Night Dive Experience          | scuba-diving | intermediate | 3 hours (evening)      |   149 |          |
 * | E | Underwater Scooter Dive        | scuba-diving | intermediate | 4 hours                |   189 |          |
 * | F | Underwater Treasure Hunt       | scuba-diving | beginner     | 4 hours                |   179 |          |
 * | G | 2-Day Dive & Camp Weekend      | combined     | intermediate | 2 days (weekend)       |   395 |          |
 * | H | Overnight Dive & Camp          | combined     | beginner     | Overnight (1 night)    |   295 |          |
 * | I | 2-Day Coastal Camping Escape   | camping      | beginner     | 2 days (weekend)       |   245 |          |
 */
const T = {
  A: "Discover Scuba Diving",
  B: "Guided Shore Dive",
  C: "Double Shore Dive Day Trip",
  D: "Night Dive Experience",
  E: "Underwater Scooter Dive",
  F: "Underwater Treasure Hunt",
  G: "2-Day Dive & Camp Weekend",
  H: "Overnight Dive & Camp",
  I: "2-Day Coastal Camping Escape",
} as const;
const titles = (letters: string) => [...letters].map((l) => T[l as keyof typeof T]);

/** What each list must show, in order. */
const SHOWS = {
  popular: titles("ABCDEFGHI"),
  category: { "scuba-diving": titles("ABCDEF"), combined: titles("GH"), camping: titles("I") },
  // Single day: hours or a full day; multi-day: days or a night.
  duration: { "1day": titles("ABCDEF"), weekend: titles("GI"), multiday: titles("GHI") },
  skill: { beginner: titles("AFHI"), intermediate: titles("BCDEG") },
  sort: {
    "price-low": titles("ABDFECIHG"),
    "price-high": titles("GHICEFDBA"),
    // 3 h (A B D), 4 h (E F), 7 h (C), a night (H), two days (G I); ties in popularity order.
    duration: titles("ABDEFCHGI"),
    popularity: titles("ABCDEFGHI"),
  },
  scubaByPriceHigh: titles("CEFDBA"),
} as const;

/** "1 adventure found" / "N adventures found". */
const countText = (n: number) => `${n} ${n === 1 ? "adventure" : "adventures"} found`;

/**
 * The live catalogue (GET /api/adventures-pro), for what a card or page shows of each
 * adventure. It must be exactly the seeded one: a spec that adds or hides adventures
 * puts them back in its finally block.
 */
async function catalogue(request: APIRequestContext): Promise<PublicAdventure[]> {
  const res = await request.get("/api/adventures-pro");
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as PublicAdventure[];
  expect(list.map((a) => a.title).sort(), "the active adventures are the seeded nine").toEqual(
    [...SHOWS.popular].sort(),
  );
  return list;
}

/** The seeded adventure with this title, as the API serves it. */
function byTitle(list: PublicAdventure[], title: string): PublicAdventure {
  const a = list.find((x) => x.title === title);
  expect(a, title).toBeTruthy();
  return a as PublicAdventure;
}

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
  // One browser, the list loaded once: what the server rendered, where its card links go, then the
  // filters and the query parameters, each a step under the name of the test it was.
  test("the list: server render, card links, filters in the URL and the category parameter", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    await test.step("server-renders every active adventure with count and complete cards", async () => {
      await page.goto("/adventures");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(count(page)).toHaveText(countText(9));
      await expect(cards(page)).toHaveCount(9);
      await expect(cardTitles(page)).toHaveText(SHOWS.popular);

      const first = byTitle(list, T.A);
      const card = cards(page).first();
      await expect(card).toContainText(first.price_display);
      await expect(card).toContainText(first.duration);
      await expect(card).toContainText(first.groupSize);
      await expect(card.locator("img").first()).toHaveAttribute("alt", first.hero_image_alt || first.title);
      await expect(card.locator("ul").first().locator("li")).toHaveCount(
        Math.min(3, first.highlights.length),
      );
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

    await test.step("card links: Learn More opens the detail page, Book Now the booking page", async () => {
      const first = byTitle(list, SHOWS.popular[0]);
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

    await test.step("filters live in the URL: shareable, replaced, and restored by the back button", async () => {
      await page.goto("/adventures");
      await waitForHydration(page);
      await select(page, "Category").selectOption("scuba-diving");
      await select(page, "Sort by").selectOption("price-high");
      await expect(page).toHaveURL(/\/adventures\?category=scuba-diving&sort=price-high$/);
      const shown = SHOWS.scubaByPriceHigh.map((t) => byTitle(list, t));
      // The list follows the URL after a render: the first card is the one to open only once it has.
      await expect(cardTitles(page)).toHaveText(shown.map((a) => a.title));

      await cards(page).first().getByRole("link", { name: "Learn More" }).click();
      await expect(page).toHaveURL(`/adventures/${shown[0].slug}`);
      await page.goBack();
      await expect(page).toHaveURL(/\/adventures\?category=scuba-diving&sort=price-high$/);
      await expect(select(page, "Category")).toHaveValue("scuba-diving");
      await expect(cardTitles(page)).toHaveText(shown.map((a) => a.title));

      // Filter changes replace the entry: one step back leaves the list (for the booking page before it).
      await page.goBack();
      await expect(page).not.toHaveURL(/\/adventures/);

      // A shared link opens filtered, on the server render too.
      await page.goto("/adventures?category=combined&duration=weekend&skill=intermediate&sort=duration");
      // Dive & camp, a weekend, intermediate: only the 2-day weekend.
      await expect(count(page)).toHaveText(countText(1));
      await expect(cardTitles(page)).toHaveText([T.G]);
      await expect(select(page, "Sort by")).toHaveValue("duration");
    });

    await test.step("the category query parameter: a real category and the four footer links", async () => {
      const cases: { query: string; selects: Record<string, string>; want: readonly string[] }[] = [
        {
          query: "scuba-diving",
          selects: { Category: "scuba-diving", "Skill level": "all", Duration: "all" },
          want: SHOWS.category["scuba-diving"],
        },
        {
          query: "beginner",
          selects: { Category: "all", "Skill level": "beginner", Duration: "all" },
          want: SHOWS.skill.beginner,
        },
        {
          query: "certified",
          selects: { Category: "all", "Skill level": "intermediate", Duration: "all" },
          want: SHOWS.skill.intermediate,
        },
        {
          query: "camping",
          selects: { Category: "camping", "Skill level": "all", Duration: "all" },
          want: SHOWS.category.camping,
        },
        {
          query: "multiday",
          selects: { Category: "all", "Skill level": "all", Duration: "multiday" },
          want: SHOWS.duration.multiday,
        },
      ];
      for (const c of cases) {
        await page.goto(`/adventures?category=${c.query}`);
        for (const [label, value] of Object.entries(c.selects))
          await expect(select(page, label)).toHaveValue(value);
        await expect(count(page)).toHaveText(countText(c.want.length));
        await expect(cardTitles(page)).toHaveText([...c.want]);
      }

      // The footer's links land on those lists (the footer is the site frame's, the same on every page).
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
      await expect(count(page)).toHaveText(countText(9));
    });
  });

  // The list opened from another page in the browser, its data held back or refused: each case a step.
  test("client-side navigation: the loading state, and a load error whose Retry reloads the page", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    await test.step("client-side navigation shows 'Loading adventures...' while GET /api/adventures-pro loads", async () => {
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
      await page.unroute("**/api/adventures-pro");
    });

    for (const failure of ["HTTP 500", "network failure"] as const) {
      await test.step(`client-side load error (${failure}) shows the error and Retry reloads the page`, async () => {
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
  });
});

test.describe("/adventures/{slug} detail", () => {
  // One adventure's page read once, then the related card it links to, then unknown slugs.
  test("the detail page: hero, side card, meta, JSON-LD, related adventures, and unknown slugs", async ({
    page,
    request,
  }) => {
    const list = await catalogue(request);
    const a = byTitle(list, T.A);
    await test.step("hero, side card, meta and JSON-LD", async () => {
      await page.goto(`/adventures/${a.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);
      await expect(page.getByText(a.tagline)).toBeVisible();

      const side = page.getByTestId("booking-card");
      await expect(side).toContainText(a.price_display);
      await expect(side).toContainText(a.duration);
      await expect(side).toContainText(a.groupSize);
      await expect(side).toContainText(a.location);
      expect(a.booking_enabled).toBe(true);
      await expect(side.getByRole("link", { name: "Book This Adventure" })).toHaveAttribute(
        "href",
        `/book?adventure=${a.id}`,
      );
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
          availability: "https://schema.org/InStock",
        },
      });
    });

    await test.step("You Might Also Like: up to 3 other adventures sharing category or skill level", async () => {
      const candidates = list.filter(
        (x) => x.id !== a.id && (x.category === a.category || x.skill_level === a.skill_level),
      );
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

    await test.step("an unknown slug redirects to /adventures without leaving the bad URL in history", async () => {
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

  // One browser without scripts for the list and the detail page, each a step.
  test("works without JavaScript: the list with its GET filters, and every section of the detail page", async ({
    browser,
    request,
  }) => {
    const list = await catalogue(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await test.step("works without JavaScript: list, counts and GET filters", async () => {
        await page.goto("/adventures");
        await expect(count(page)).toHaveText(countText(list.length));
        await expect(cards(page)).toHaveCount(list.length);
        await expect(page.getByText("Loading adventures...")).toHaveCount(0);

        await page.goto("/adventures?category=camping");
        await expect(count(page)).toHaveText(countText(SHOWS.category.camping.length));
        await expect(cardTitles(page)).toHaveText([...SHOWS.category.camping]);

        // The filter form submits as a plain GET.
        await page.goto("/adventures");
        await select(page, "Skill level").selectOption("beginner");
        await page.getByRole("button", { name: "Apply filters" }).click();
        await expect(page).toHaveURL(/skill=beginner/);
        await expect(count(page)).toHaveText(countText(SHOWS.skill.beginner.length));
        await expect(cardTitles(page)).toHaveText([...SHOWS.skill.beginner]);
      });

      await test.step("works without JavaScript: every section is in the page", async () => {
        const a = byTitle(list, T.A);
        await page.goto(`/adventures/${a.slug}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);
        await expect(page.getByTestId("booking-card")).toContainText(a.price_display);
        await expect(page.getByText(a.full_description.split(/\n\s*\n/)[0].trim())).toBeVisible();
        // The tabs cannot switch without scripts, so all panels are shown.
        await expect(page.getByText(a.included_items[0], { exact: true })).toBeVisible();
        await expect(page.getByText(a.meeting_point)).toBeVisible();
        await expect(
          page.getByTestId("related-adventures").getByTestId("adventure-card").first(),
        ).toBeVisible();
      });
    } finally {
      await context.close();
    }
  });
});

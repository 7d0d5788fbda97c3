import { contentSections } from "../../server/db/seed-data.ts";
import { expect, type Page, test } from "../fixtures/test";

/** The seeded website text (each e2e run starts on a fresh database). */
function seeded(page: string, section: string): string {
  const row = contentSections.find((c) => c.page === page && c.section === section);
  if (!row) throw new Error(`no seeded content ${page}.${section}`);
  return row.content;
}

interface ApiAdventure {
  id: string;
  slug: string;
  title: string;
  duration: string;
  itinerary: string[];
  included_items: string[];
  category: string;
}

async function activeAdventures(page: Page): Promise<ApiAdventure[]> {
  const res = await page.request.get("/api/adventures-pro");
  expect(res.ok()).toBe(true);
  return res.json();
}

test.describe("home page and typical weekend page", () => {
  test("hero, about section, featured adventures, feature grid and the ways on, then the typical weekend page", async ({
    page,
  }) => {
    const adventures = await activeAdventures(page);
    const first3 = adventures.slice(0, 3);
    expect(first3).toHaveLength(3);
    await page.goto("/");

    await test.step("hero shows the website text and leads to adventures and booking", async () => {
      const hero = page.getByTestId("home-hero");
      await expect(
        hero.getByRole("heading", { level: 1, name: seeded("homepage", "hero_title") }),
      ).toBeVisible();
      await expect(hero.getByText(seeded("homepage", "hero_subtitle"))).toBeVisible();
      await expect(hero.getByText(seeded("homepage", "hero_description"))).toBeVisible();
      await expect(hero.getByRole("link", { name: "Explore Adventures" })).toHaveAttribute(
        "href",
        "/adventures",
      );
      await expect(hero.getByRole("link", { name: "Book Now", exact: true })).toHaveAttribute(
        "href",
        "/book",
      );

      // The hero image is the LCP element: loaded eagerly with high priority.
      const img = hero.locator("img").first();
      await expect(img).toHaveAttribute("src", seeded("homepage", "hero_background"));
      await expect(img).toHaveAttribute("fetchpriority", "high");

      // Transparent header over the hero until the page scrolls past 50 px.
      const header = page.getByTestId("site-header");
      await expect(header).toHaveAttribute("data-solid", "false");
      await page.mouse.wheel(0, 400);
      await expect(header).toHaveAttribute("data-solid", "true");

      await expect(page).toHaveTitle(/Small-Group Scuba Diving & Camping/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    });

    await test.step("about section and stated claims", async () => {
      await expect(
        page.getByRole("heading", { level: 2, name: seeded("homepage", "about_title") }),
      ).toBeVisible();
      for (const claim of ["8+", "500+", "100%", "2016"]) {
        await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
      }
      await expect(page.getByRole("link", { name: /^Meet / })).toHaveAttribute("href", "/about");
    });

    await test.step("the first three adventures are featured with Learn More and Book Now", async () => {
      const cards = page.getByTestId("featured-adventures").getByTestId("adventure-card");
      await expect(cards).toHaveCount(3);
      for (const [i, a] of first3.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole("heading", { name: a.title })).toBeVisible();
        await expect(card.getByRole("link", { name: /^Learn More/ })).toHaveAttribute(
          "href",
          `/adventures/${a.slug}`,
        );
        await expect(card.getByRole("link", { name: /^Book Now/ })).toHaveAttribute(
          "href",
          `/book?adventure=${a.id}`,
        );
      }
    });

    await test.step("feature grid, weekend preview, social links and call to action", async () => {
      for (const n of [1, 2, 3]) {
        await expect(
          page.getByRole("heading", { level: 3, name: seeded("homepage", `feature${n}_title`) }),
        ).toBeVisible();
      }
      await expect(
        page.getByRole("heading", { name: seeded("weekend", "weekend_hero_title") }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "See a Typical Weekend" })).toHaveAttribute(
        "href",
        "/weekend",
      );

      const social = page.getByRole("region", { name: "Follow the Adventure" });
      for (const name of ["Facebook", "Instagram", "YouTube", "WhatsApp"]) {
        await expect(social.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
          "href",
          /^https:\/\//,
        );
      }

      const cta = page.getByRole("region", { name: seeded("homepage", "cta_title") });
      await expect(cta.getByText(seeded("homepage", "cta_text"))).toBeVisible();
      await expect(cta.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/book");
      await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");

      // The review carousel's way on (the carousel itself is tested with its component).
      await expect(page.getByTestId("testimonial-carousel")).toBeVisible();
      await expect(page.getByRole("link", { name: "Read All Reviews" })).toHaveAttribute("href", "/reviews");
    });

    // The weekend page, reached through the home page's preview link.
    const packages = adventures.filter((a) => /days|night/i.test(a.duration));
    expect(packages.map((p) => p.id).sort()).toEqual(
      ["camping-diving-1night", "camping-diving-2day", "camping-only-2day"].sort(),
    );
    const main = adventures.find((a) => a.id === "camping-diving-2day");
    if (!main) throw new Error("the 2-day dive and camp adventure is not active");
    await page.getByRole("link", { name: "See a Typical Weekend" }).click();
    await expect(page).toHaveURL(/\/weekend$/);

    await test.step("three weekend packages with correct links", async () => {
      await expect(
        page.getByRole("heading", { level: 1, name: seeded("weekend", "weekend_hero_title") }),
      ).toBeVisible();
      await expect(page.getByText(seeded("weekend", "weekend_hero_description"))).toBeVisible();
      await expect.poll(() => page.title()).toContain(seeded("weekend", "weekend_hero_title"));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/weekend$/);

      const cards = page.getByTestId("weekend-package");
      await expect(cards).toHaveCount(3);
      for (const [i, p] of packages.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole("heading", { name: p.title })).toBeVisible();
        await expect(card.getByText(p.duration).first()).toBeVisible();
        await expect(card.getByRole("link", { name: /^Learn More/ })).toHaveAttribute(
          "href",
          `/adventures/${p.id}`,
        );
        await expect(card.getByRole("link", { name: /^Book Now/ })).toHaveAttribute(
          "href",
          `/book?adventure=${p.id}`,
        );
      }
    });

    await test.step("two-day breakdown, inclusions and perfect-for groups", async () => {
      const days = page.getByTestId("weekend-day");
      await expect(days).toHaveCount(2);
      await expect(days.nth(0).getByRole("heading", { name: "Day 1" })).toBeVisible();
      await expect(days.nth(1).getByRole("heading", { name: "Day 2" })).toBeVisible();
      for (const [i, prefix] of ["Day 1", "Day 2"].entries()) {
        const items = main.itinerary.filter((s) => s.startsWith(prefix));
        expect(items.length).toBeGreaterThan(0);
        await expect(days.nth(i).getByRole("listitem")).toHaveCount(items.length);
        // "Day 1, 8:30 AM - Meet at ..." is shown as its time and its text.
        const [time, text] = items[0].replace(/^Day \d+,\s*/, "").split(" - ");
        await expect(days.nth(i).getByText(time, { exact: true })).toBeVisible();
        await expect(days.nth(i).getByText(text, { exact: true })).toBeVisible();
      }

      const included = page.getByRole("region", { name: "What's Included" });
      for (const item of main.included_items) {
        await expect(included.getByText(item, { exact: true })).toBeVisible();
      }

      const perfect = page.getByRole("region", { name: "Perfect For" });
      await expect(perfect.getByRole("heading", { level: 3 })).toHaveCount(3);

      await expect(page.getByRole("link", { name: /^Book Your Weekend/ })).toHaveAttribute("href", "/book");
      await expect(page.getByRole("link", { name: "Ask a Question" })).toHaveAttribute("href", "/contact");
    });
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const first3 = (await activeAdventures(page)).slice(0, 3);
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: seeded("homepage", "hero_title") }),
    ).toBeVisible();
    for (const a of first3) {
      await expect(
        page.getByTestId("featured-adventures").getByRole("heading", { name: a.title }),
      ).toBeVisible();
    }
    await expect(page.getByTestId("testimonial-slide").first()).toBeVisible();
    await context.close();
  });
});

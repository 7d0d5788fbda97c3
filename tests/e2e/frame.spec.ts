import { type APIRequestContext, expect, type Locator, type Page, test } from "../fixtures/test";
import { adminToken, bearer } from "../helpers/e2e-api";

/** The frame every public page shares: the navigation, in this order. */
const NAV = [
  ["Home", "/"],
  ["Adventures", "/adventures"],
  ["Typical Weekend", "/weekend"],
  ["Gallery", "/gallery"],
  ["Reviews", "/reviews"],
  ["About", "/about"],
  ["Contact", "/contact"],
  ["FAQ", "/faq"],
] as const;

const CATEGORY_LINKS = ["beginner", "certified", "camping", "multiday"] as const;

const header = (page: Page) => page.getByTestId("site-header");
const mainNav = (page: Page) => header(page).getByRole("navigation", { name: "Main" });
const footer = (page: Page) => page.getByTestId("site-footer");
const menuToggle = (page: Page) => header(page).getByRole("button", { name: /menu/i });

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/**
 * Follows a link within the site and waits until the page it leads to is on
 * screen: the address changed and the main heading is no longer the last
 * page's (a client-side navigation changes the address before it renders).
 */
async function follow(page: Page, link: Locator, url: RegExp) {
  const before = (await page.locator("main h1").first().textContent()) ?? "";
  await link.click();
  await expect(page).toHaveURL(url);
  await expect(page.locator("main h1").first()).not.toHaveText(before);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("desktop header", () => {
  test("every link opens its page; the content starts below the bar; navigation starts at the top, filters do not; an unknown page is a 404", async ({
    page,
  }) => {
    await page.goto("/");
    const navLink = (label: string) => mainNav(page).getByRole("link", { name: label, exact: true });

    await test.step("every navigation link opens its page and marks it current", async () => {
      for (const [label, href] of [...NAV.slice(1), NAV[0]]) {
        await navLink(label).click();
        await expect(page).toHaveURL(new RegExp(`${href === "/" ? "/" : href}$`));
        await expect(navLink(label)).toHaveAttribute("aria-current", "page");
        await expect(page.locator("h1").first()).toBeVisible();
      }
    });

    await test.step("the page content starts below the fixed bar", async () => {
      await follow(page, navLink("Contact"), /\/contact$/);
      const barBottom = await header(page).evaluate((el) => el.getBoundingClientRect().bottom);
      const h1Top = await page
        .locator("main h1")
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
      expect(h1Top).toBeGreaterThanOrEqual(barBottom);
      // The skip link's target (the link itself is tested with the header component).
      await expect(page.locator("main#main")).toHaveCount(1);
    });

    await test.step("a header link scrolls to the top too", async () => {
      await follow(page, navLink("FAQ"), /\/faq$/);
      await scrollTo(page, 900);
      await follow(page, navLink("Contact"), /\/contact$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });

    await test.step("changing the filters on /adventures does not jump to the top", async () => {
      await follow(page, navLink("Adventures"), /\/adventures$/);
      await scrollTo(page, 300);
      const select = page.locator("main select").first();
      const options = await select
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const countBefore = await page.getByTestId("adventure-count").textContent();
      await select.selectOption(options[1]);
      await expect(page).toHaveURL(/\?/);
      // The new list is on screen (a reset would have run as it rendered), and two more frames
      // have been painted (a smooth scroll would have started): the page has not moved.
      await expect(page.getByTestId("adventure-count")).not.toHaveText(countBefore ?? "");
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(300);
    });

    await test.step("an unknown page shows the frame and a 404", async () => {
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText("Page not found");
      await expect(header(page)).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });
  });
});

test.describe("mobile menu (375 x 812)", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("nothing overflows the screen horizontally; choosing a menu link navigates and closes the menu", async ({
    page,
  }) => {
    // Compared with the device width: a mobile browser widens its layout viewport to fit overflow.
    async function expectNoOverflow(path: string) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
      const wide = await page
        .getByTestId("site-footer")
        .evaluate((f) =>
          [...f.querySelectorAll("*")]
            .filter((el) => el.getBoundingClientRect().right > 375.5)
            .map((el) => el.outerHTML.slice(0, 80)),
        );
      expect(wide, `${path} footer`).toEqual([]);
    }

    await page.goto("/");
    await test.step("nothing overflows the screen horizontally: /", () => expectNoOverflow("/"));

    await test.step("choosing a link navigates and closes the menu", async () => {
      const toggle = menuToggle(page);
      const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
      await toggle.click();
      await menu.getByRole("link", { name: "Gallery", exact: true }).click();
      await expect(page).toHaveURL(/\/gallery$/);
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");

      await toggle.click();
      await menu.getByRole("link", { name: "Book Adventure" }).click();
      await expect(page).toHaveURL(/\/book$/);
      await expect(menu).toBeHidden();
    });

    for (const path of ["/about", "/contact", "/adventures", "/faq"]) {
      await test.step(`nothing overflows the screen horizontally: ${path}`, async () => {
        await page.goto(path);
        await expectNoOverflow(path);
      });
    }
  });
});

test.describe("footer", () => {
  const newsletter = (page: Page) => footer(page).getByRole("form", { name: "Newsletter sign-up" });

  async function subscriberRows(request: APIRequestContext, email: string) {
    const token = await adminToken(request);
    const res = await request.get("/api/admin/newsletter/subscribers", { headers: bearer(token) });
    expect(res.ok()).toBe(true);
    type Row = { id: string; email: string; status: string };
    // The admin spec names the answer "subscribers": a bare list or one under that key.
    const body = (await res.json()) as Row[] | { subscribers: Row[] };
    const list = Array.isArray(body) ? body : body.subscribers;
    return list.filter((s) => s.email.toLowerCase() === email.toLowerCase());
  }

  test("its links, the site's facts and the newsletter box; each link opens its page at the top", async ({
    page,
    request,
  }) => {
    await page.goto("/about");
    const f = footer(page);

    await test.step("links to the legal pages, admin and the four categories", async () => {
      for (const href of ["/privacy", "/terms", "/cancellation", "/admin"]) {
        await expect(f.locator(`a[href="${href}"]`)).toHaveCount(1);
        await expect(f.locator(`a[href="${href}"]`)).toBeVisible();
      }
      for (const c of CATEGORY_LINKS) {
        await expect(f.locator(`a[href="/adventures?category=${c}"]`)).toHaveCount(1);
      }
    });

    await test.step("social links open external profiles in a new tab, WhatsApp included", async () => {
      const social = f.locator('a[target="_blank"]');
      expect(await social.count()).toBeGreaterThanOrEqual(1);
      for (const a of await social.all()) {
        await expect(a).toHaveAttribute("href", /^https:\/\//);
        await expect(a).toHaveAttribute("rel", /noopener/);
      }
      await expect(f.locator('a[href^="https://wa.me/"]').first()).toBeVisible();
    });

    await test.step("shows the site facts from the database", async () => {
      await expect(f.locator('a[href^="mailto:"]')).toHaveCount(1);
      await expect(f).toContainText("Sydney NSW");
      await expect(f).toContainText(/6:00 AM to 8:00 PM/);
      await expect(f).toContainText(String(new Date().getFullYear()));
      const res = await request.get("/about");
      expect(res.ok()).toBe(true);
    });

    await test.step("newsletter box: subscribes, stores the address, and is idempotent in another case", async () => {
      // Empty and malformed addresses, and what the box keeps, are tested with its component.
      const email = `Frame.Diver.${Date.now()}@Example.com`;
      const box = newsletter(page);
      const input = box.getByLabel(/trip dates|email/i);
      const subscribe = async (address: string) => {
        await input.fill(address);
        const [res] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith("/api/newsletter/subscribe")),
          box.getByRole("button", { name: "Subscribe" }).click(),
        ]);
        expect(res.status()).toBe(200);
        await expect(box.getByRole("status")).toContainText(/thanks for subscribing/i);
        return ((await res.json()) as { id: string }).id;
      };
      const firstId = await subscribe(email);
      await expect(input).toHaveValue("");

      const rows = await subscriberRows(request, email);
      expect(rows).toHaveLength(1);
      expect(rows[0].email).toBe(email.toLowerCase());
      // Pending until the person confirms from the email (double opt-in).
      expect(rows[0].status).toBe("pending");

      // The same address again, in a different case: still a success, still one row.
      expect(await subscribe(email.toUpperCase())).toBe(firstId);
      expect(await subscriberRows(request, email)).toHaveLength(1);
    });

    const legalPage = async () => {
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.locator("main h1")).not.toHaveText(/not found/i);
    };
    const adventureList = async () => {
      const count = page.getByText(/^\d+ adventures? found$/);
      await expect(count).toBeVisible();
      await expect(count).not.toHaveText("0 adventures found");
      await expect(page.getByText("No adventures found")).toHaveCount(0);
    };
    const categoryHref = (c: (typeof CATEGORY_LINKS)[number]) => `/adventures?category=${c}`;

    await test.step("every route change scrolls to the top", async () => {
      // Each link from the bottom of the page before it; the next page opens at its top.
      for (const [href, check] of [
        ["/privacy", legalPage],
        ["/terms", legalPage],
        [categoryHref("camping"), adventureList],
        ["/cancellation", legalPage],
        ["/weekend", async () => {}],
      ] as const) {
        const title = href.startsWith("/adventures")
          ? "the camping link lands on a non-empty adventure list"
          : `${href} opens a real page`;
        await test.step(title, async () => {
          await page.evaluate(() =>
            window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
          );
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
          await follow(page, f.locator(`a[href="${href}"]`), new RegExp(`${escapeRegExp(href)}$`));
          await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
          await check();
        });
      }
    });

    // The other three links name the filter that gives the list they promise (CATEGORY_ALIASES).
    for (const [c, filter, value] of [
      ["beginner", "Skill level", "beginner"],
      ["certified", "Skill level", "intermediate"],
      ["multiday", "Duration", "multiday"],
    ] as const) {
      await test.step(`the ${c} link lands on a non-empty adventure list, at its top`, async () => {
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
        await f.locator(`a[href="${categoryHref(c)}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${escapeRegExp(categoryHref(c))}$`));
        await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
        // That link's list is on screen (from one such list to the next, the heading stays).
        await expect(page.getByLabel(filter, { exact: true })).toHaveValue(value);
        await adventureList();
      });
    }

    await test.step("/admin opens the admin area", async () => {
      await f.locator('a[href="/admin"]').click();
      await expect(page).toHaveURL(/\/admin/);
      await expect(page.getByLabel(/password/i).first()).toBeVisible();
    });
  });

  test("the category links also work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const category of CATEGORY_LINKS) {
      await page.goto(`/adventures?category=${category}`);
      const count = page.getByText(/^\d+ adventures? found$/);
      await expect(count).toBeVisible();
      await expect(count).not.toHaveText("0 adventures found");
      await expect(page.getByText("No adventures found")).toHaveCount(0);
    }
    await context.close();
  });
});

test.describe("images never show as broken", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  const ADVENTURE_IMAGES = 'main img[src*="/images/adventures/"], main img[src*="placeholder"]';
  type Shown = { src: string; width: number; complete: boolean };
  const adventureImages = (page: Page) =>
    page.locator(ADVENTURE_IMAGES).evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((i) => ({
        src: i.currentSrc || i.src,
        width: i.naturalWidth,
        complete: i.complete,
      })),
    ) as Promise<Shown[]>;

  /**
   * Opens /adventures and scrolls through it a screen at a time, two frames at each stop so
   * the lazy images near it start loading; then every adventure image has loaded whatever it
   * ends up showing (a failed file has moved on to its fallback). Headless Chromium may stop
   * scheduling frames for a while, and a page.evaluate has no timeout of its own, so each stop
   * waits for two frames or 100 ms, whichever comes first: the lazy images are then proven by
   * the poll below, with its own bound and message.
   */
  async function openAndLoadAll(page: Page) {
    await page.goto("/adventures");
    await page.evaluate(async () => {
      const frames = () =>
        Promise.race([
          new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
          new Promise((r) => setTimeout(r, 100)),
        ]);
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: "instant" });
        await frames();
      }
    });
    // Every image is fetched anew at each step (a route turns the cache off), the fallback step's
    // originals are the largest files, and two browsers and servers share two cores: a bound of its own.
    await expect
      .poll(
        () =>
          page
            .locator(ADVENTURE_IMAGES)
            .evaluateAll((imgs) =>
              (imgs as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0),
            ),
        { timeout: 15_000, message: "every adventure image has loaded what it shows" },
      )
      .toBe(true);
  }

  test("a missing size variant falls back to the original file; a missing file shows the placeholder; lazy ones are not broken", async ({
    page,
  }) => {
    // One page, three answers for the images in turn: while a route is set, the browser's cache is
    // not used, so each visit asks for the images anew.
    await test.step("a missing file shows the placeholder", async () => {
      await page.route(/\/images\/adventures\//, (route) => route.fulfill({ status: 404 }));
      await openAndLoadAll(page);
      await expect
        .poll(
          async () =>
            (await adventureImages(page)).filter((i) => i.complete && i.src.includes("placeholder")).length,
        )
        .toBeGreaterThan(0);
      for (const img of (await adventureImages(page)).filter((i) => i.complete)) {
        expect(img.src).toContain("/images/placeholder.svg");
        expect(img.width, img.src).toBeGreaterThan(0);
      }
      await page.unrouteAll();
    });

    await test.step("a missing size variant falls back to the original file", async () => {
      await page.route(/\/images\/adventures\/.+-(480|960)\.webp$/, (route) =>
        route.fulfill({ status: 404 }),
      );
      await openAndLoadAll(page);
      await expect
        .poll(async () => (await adventureImages(page)).filter((i) => i.complete).length)
        .toBeGreaterThan(0);
      for (const img of (await adventureImages(page)).filter((i) => i.complete)) {
        expect(img.width, img.src).toBeGreaterThan(0);
        expect(img.src).toMatch(/\/images\/adventures\/[a-z0-9-]+\.webp$/);
        expect(img.src).not.toMatch(/-(480|960)\.webp$/);
      }
      await page.unrouteAll();
    });

    await test.step("lazy images below the fold are not mistaken for broken ones", async () => {
      await openAndLoadAll(page);
      const shown = await adventureImages(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const img of shown) expect(img.src).not.toContain("placeholder");
    });
  });
});

import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test, waitForHydration } from "../fixtures/test";

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

test.describe("desktop header", () => {
  test("every navigation link opens its page and marks it current", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    for (const [label, href] of [...NAV.slice(1), NAV[0]]) {
      await mainNav(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href === "/" ? "/" : href}$`));
      await expect(mainNav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.locator("h1").first()).toBeVisible();
    }
  });

  test("the page content starts below the fixed bar", async ({ page }) => {
    await page.goto("/contact");
    const barBottom = await header(page).evaluate((el) => el.getBoundingClientRect().bottom);
    const h1Top = await page
      .locator("main h1")
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(h1Top).toBeGreaterThanOrEqual(barBottom);
    // The skip link's target (the link itself is tested with the header component).
    await expect(page.locator("main#main")).toHaveCount(1);
  });
});

test.describe("mobile menu (375 x 812)", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("choosing a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
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

  test("nothing overflows the screen horizontally", async ({ page }) => {
    // Compared with the device width: a mobile browser widens its layout viewport to fit overflow.
    for (const path of ["/", "/about", "/contact", "/adventures", "/faq"]) {
      await page.goto(path);
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
  });
});

test.describe("footer", () => {
  test("links to the legal pages, admin and the four categories", async ({ page }) => {
    await page.goto("/about");
    const f = footer(page);
    for (const href of ["/privacy", "/terms", "/cancellation", "/admin"]) {
      await expect(f.locator(`a[href="${href}"]`)).toHaveCount(1);
      await expect(f.locator(`a[href="${href}"]`)).toBeVisible();
    }
    for (const c of CATEGORY_LINKS) {
      await expect(f.locator(`a[href="/adventures?category=${c}"]`)).toHaveCount(1);
    }
  });

  test("social links open external profiles in a new tab, WhatsApp included", async ({ page }) => {
    await page.goto("/about");
    const social = footer(page).locator('a[target="_blank"]');
    expect(await social.count()).toBeGreaterThanOrEqual(1);
    for (const a of await social.all()) {
      await expect(a).toHaveAttribute("href", /^https:\/\//);
      await expect(a).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer(page).locator('a[href^="https://wa.me/"]').first()).toBeVisible();
  });

  for (const path of ["/privacy", "/terms", "/cancellation"]) {
    test(`${path} opens a real page`, async ({ page }) => {
      await page.goto("/about");
      await waitForHydration(page);
      await footer(page).locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.locator("main h1")).not.toHaveText(/not found/i);
    });
  }

  test("/admin opens the admin area", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await footer(page).locator('a[href="/admin"]').click();
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByLabel(/password/i).first()).toBeVisible();
  });

  for (const category of CATEGORY_LINKS) {
    test(`the ${category} link lands on a non-empty adventure list`, async ({ page }) => {
      await page.goto("/about");
      await waitForHydration(page);
      await footer(page).locator(`a[href="/adventures?category=${category}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/adventures\\?category=${category}$`));
      const count = page.getByText(/^\d+ adventures? found$/);
      await expect(count).toBeVisible();
      await expect(count).not.toHaveText("0 adventures found");
      await expect(page.getByText("No adventures found")).toHaveCount(0);
    });
  }

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

  test("shows the site facts from the database", async ({ page, request }) => {
    await page.goto("/about");
    const f = footer(page);
    await expect(f.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(f).toContainText("Sydney NSW");
    await expect(f).toContainText(/6:00 AM to 8:00 PM/);
    await expect(f).toContainText(String(new Date().getFullYear()));
    const res = await request.get("/about");
    expect(res.ok()).toBe(true);
  });
});

test.describe("newsletter box", () => {
  const form = (page: Page) => footer(page).getByRole("form", { name: "Newsletter sign-up" });

  async function adminToken(request: APIRequestContext): Promise<string> {
    const res = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { token: string }).token;
  }

  async function subscriberRows(request: APIRequestContext, email: string) {
    const token = await adminToken(request);
    const res = await request.get("/api/admin/newsletter/subscribers", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBe(true);
    type Row = { email: string; status: string };
    // The admin spec names the answer "subscribers": a bare list or one under that key.
    const body = (await res.json()) as Row[] | { subscribers: Row[] };
    const list = Array.isArray(body) ? body : body.subscribers;
    return list.filter((s) => s.email.toLowerCase() === email.toLowerCase());
  }

  test("subscribes, stores the address, and is idempotent in another case", async ({ page, request }) => {
    const email = `Frame.Diver.${Date.now()}@Example.com`;
    await page.goto("/about");
    await waitForHydration(page);
    const box = form(page);
    const input = box.getByLabel(/trip dates|email/i);
    await input.fill(email);
    const [first] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/newsletter/subscribe")),
      box.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    expect(first.status()).toBe(200);
    const firstId = ((await first.json()) as { id: string }).id;
    const status = box.getByRole("status");
    await expect(status).toContainText(/thanks for subscribing/i);
    await expect(input).toHaveValue("");

    const rows = await subscriberRows(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(email.toLowerCase());
    // Pending until the person confirms from the email (double opt-in).
    expect(rows[0].status).toBe("pending");

    // The same address again, in a different case: still a success, still one row.
    await page.reload();
    await waitForHydration(page);
    await form(page)
      .getByLabel(/trip dates|email/i)
      .fill(email.toUpperCase());
    const [second] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/newsletter/subscribe")),
      form(page).getByRole("button", { name: "Subscribe" }).click(),
    ]);
    expect(second.status()).toBe(200);
    expect(((await second.json()) as { id: string }).id).toBe(firstId);
    await expect(form(page).getByRole("status")).toContainText(/thanks for subscribing/i);
    expect(await subscriberRows(request, email)).toHaveLength(1);
  });

  test("an invalid address shows an error and keeps what was typed", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const box = form(page);
    const input = box.getByLabel(/trip dates|email/i);
    await input.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("status")).toHaveText("Enter a valid email address");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveValue("not-an-email");

    // Fixing it clears the error.
    await input.fill(`fixed.${Date.now()}@example.com`);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("status")).toContainText(/thanks for subscribing/i);
    await expect(input).toHaveAttribute("aria-invalid", "false");
  });

  test("an empty address shows an error", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await form(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(form(page).getByRole("status")).toHaveText("Email is required");
  });
});

test.describe("scroll to top", () => {
  test("every route change scrolls to the top", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    for (const href of ["/privacy", "/terms", "/adventures?category=camping", "/cancellation", "/weekend"]) {
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await footer(page).locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    }
  });

  test("a header link scrolls to the top too", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    await scrollTo(page, 900);
    await mainNav(page).getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("changing the filters on /adventures does not jump to the top", async ({ page }) => {
    await page.goto("/adventures");
    await waitForHydration(page);
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
});

test.describe("not found", () => {
  test("an unknown page shows the frame and a 404", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Page not found");
    await expect(header(page)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});

test.describe("images never show as broken", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  type Shown = { src: string; width: number; complete: boolean };
  const adventureImages = (page: Page) =>
    page.locator('main img[src*="/images/adventures/"], main img[src*="placeholder"]').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((i) => ({
        src: i.currentSrc || i.src,
        width: i.naturalWidth,
        complete: i.complete,
      })),
    ) as Promise<Shown[]>;

  async function loadAll(page: Page) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 600) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await page.waitForLoadState("networkidle");
    }
  }

  test("a missing size variant falls back to the original file", async ({ page }) => {
    await page.route(/\/images\/adventures\/.+-(480|960)\.webp$/, (route) => route.fulfill({ status: 404 }));
    await page.goto("/adventures");
    await waitForHydration(page);
    await loadAll(page);
    await expect
      .poll(async () => (await adventureImages(page)).filter((i) => i.complete).length)
      .toBeGreaterThan(0);
    for (const img of (await adventureImages(page)).filter((i) => i.complete)) {
      expect(img.width, img.src).toBeGreaterThan(0);
      expect(img.src).toMatch(/\/images\/adventures\/[a-z0-9-]+\.webp$/);
      expect(img.src).not.toMatch(/-(480|960)\.webp$/);
    }
  });

  test("a missing file shows the placeholder", async ({ page }) => {
    await page.route(/\/images\/adventures\//, (route) => route.fulfill({ status: 404 }));
    await page.goto("/adventures");
    await waitForHydration(page);
    await loadAll(page);
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
  });

  test("lazy images below the fold are not mistaken for broken ones", async ({ page }) => {
    await page.goto("/adventures");
    await waitForHydration(page);
    await loadAll(page);
    const shown = await adventureImages(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const img of shown) expect(img.src).not.toContain("placeholder");
  });
});

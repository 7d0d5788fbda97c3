import { adminApi, adminToken } from "../fixtures/admin-session";
import { expect, type Page, test } from "../fixtures/test";

/**
 * Public pages load their scripts after the first paint; on a slow phone the
 * page is on screen a second or two before React hydrates it. Here the
 * scripts never arrive, on a phone's screen, CPU and network: every public
 * control must answer the visitor's first tap from the server's HTML alone.
 * What each widget does in detail, once hydrated and before, is proven in
 * tests/component; this walks the real pages.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** A mid-range phone on a slow mobile connection, with the page's own scripts held back. */
async function slowPhoneWithoutScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
}

/** Opens a page as soon as its HTML is in: no waiting for images, and none for scripts, which never come. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
}

/** Nothing in this test was answered by React. */
async function neverHydrated(page: Page) {
  expect(await page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__react")))).toBe(
    false,
  );
}

test.beforeEach(async ({ page }) => {
  await slowPhoneWithoutScripts(page);
});

test("the header menu opens, closes and leads to the gallery, which filters and opens its viewer", async ({
  page,
}) => {
  await open(page, "/");

  await test.step("the header menu opens, closes and leads to a page", async () => {
    const toggle = page.getByTestId("site-header").getByRole("button", { name: "Open menu" });
    const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await toggle.tap();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await toggle.tap();
    await menu.getByRole("link", { name: "Gallery", exact: true }).tap();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await neverHydrated(page);
  });

  // The gallery the menu led to, its scripts held back as on the page before.
  await test.step("the gallery filters by category and its viewer opens and closes", async () => {
    await page.getByRole("button", { name: "Diving", exact: true }).tap();
    await expect(page).toHaveURL(/\/gallery\?category=diving$/);
    await expect(page.getByRole("button", { name: "Diving", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const thumbs = page.getByTestId("gallery-thumb");
    await expect(page.getByTestId("gallery-count")).toHaveText(`Showing ${await thumbs.count()} images`);

    const title = ((await thumbs.first().getAttribute("aria-label")) ?? "").replace(/: view larger$/, "");
    await thumbs.first().tap();
    const viewer = page.getByRole("dialog", { name: "Gallery image viewer" });
    await expect(viewer.getByRole("heading", { name: title })).toBeVisible();
    await viewer.getByRole("button", { name: "Close image viewer" }).tap();
    await expect(viewer).toBeHidden();
    await neverHydrated(page);
  });
});

test("the FAQ accordion, the adventure filters and the review filter answer the first tap", async ({
  page,
}) => {
  await test.step("an FAQ answer opens on the first tap, one at a time", async () => {
    await open(page, "/faq");
    const questions = page.locator("main summary");
    const answers = page.locator("main details > section");
    await questions.nth(0).tap();
    await expect(answers.nth(0)).toBeVisible();
    await questions.nth(1).tap();
    await expect(answers.nth(1)).toBeVisible();
    await expect(answers.nth(0)).toBeHidden();
    await neverHydrated(page);
  });

  await test.step("the adventure filters show the list they ask for", async () => {
    await open(page, "/adventures");
    await page.getByLabel("Category", { exact: true }).selectOption("camping");
    await expect(page).toHaveURL(/\/adventures\?category=camping&/);
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("camping");
    await expect(page.getByTestId("adventure-count")).toHaveText("1 adventure found");
    await expect(page.getByTestId("adventure-card").locator("h3")).toHaveText([
      "2-Day Coastal Camping Escape",
    ]);
    await neverHydrated(page);
  });

  await test.step("the review filter shows the reviews of the adventure chosen", async () => {
    await open(page, "/reviews");
    const select = page.getByLabel("Filter by adventure");
    const option = select.locator("option").nth(1);
    const [value, label] = [await option.getAttribute("value"), (await option.textContent()) ?? ""];
    await select.selectOption(value ?? "");
    await expect(page).toHaveURL(new RegExp(`/reviews\\?adventure=${value}$`));
    const cards = page.getByTestId("review-card");
    await expect(select).toHaveValue(value ?? "");
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    await expect(page.getByTestId("reviews-count")).toHaveText(`${n} ${n === 1 ? "review" : "reviews"}`);
    for (const card of await cards.all()) await expect(card).toContainText(label);
    await neverHydrated(page);
  });
});

test("the booking page's adventure choice and the contact form work before the scripts", async ({
  page,
  request,
}) => {
  await test.step("the booking page's adventure choice leads to the details step", async () => {
    await open(page, "/book");
    await page.getByTestId("adventure-option").filter({ hasText: "Guided Shore Dive" }).tap();
    await expect(page).toHaveURL(/\/book\?adventure=guided-shore-dive$/);
    await expect(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();
    await expect(page.locator("select[name=selectedDate] option:not([value=''])").first()).toBeAttached();
    await neverHydrated(page);
  });

  await test.step("the contact form sends the message, which is stored", async () => {
    const message = `Sent before any script ran, ${Date.now()}`;
    await open(page, "/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Noa");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Early");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("noa.early@example.com");
    await form.getByRole("combobox", { name: "Adventure type" }).selectOption("general");
    await form.getByRole("textbox", { name: "Message", exact: true }).fill(message);
    await form.getByRole("button", { name: "Send Message" }).tap();
    await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeVisible();
    await neverHydrated(page);

    const token = await adminToken(request);
    const { body } = await adminApi<{ message: string; email: string }[]>(
      request,
      token,
      "GET",
      "/api/contact",
    );
    expect(body.filter((m) => m.message === message).map((m) => m.email)).toEqual(["noa.early@example.com"]);
  });
});

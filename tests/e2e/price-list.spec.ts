import { E2E_SMTP_PORT } from "../../playwright.config";
import { adminApi, adminToken, adventureFields, createAdventure } from "../fixtures/admin-session";
import { expect, type Page, test } from "../fixtures/test";
import {
  addDays,
  bearer,
  cancelBooking,
  mailMatching,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * The whole price list on a phone: the operator gives a dive Adult, Child
 * and Observer prices, a gear set per person (wetsuit and fins from the
 * shop's stock) and a 10% code, all through the console's API. A customer
 * books 2 adults, 1 child and 1 observer with a gear set each, picks every
 * size and uses the code; the form, the checkout's lines, the confirmation
 * email, the invoice and the operator's booking page show the same total to
 * the cent, the manage page lists the lines with the sizes hired, and the
 * child's participant form refuses an adult's date of birth.
 */
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };
const CATEGORIES = [
  { name: "Adult", price: 189.5, age_min: 18 },
  { name: "Child", price: 120.25, age_min: 12, age_max: 17 },
  { name: "Observer", price: 45, needs_dive_paperwork: false },
];
// 2 × 189.50 + 120.25 + 45.00 + 4 × 38.75 = 699.25; 10% is 69.925, rounded half up to 69.93.
const SUBTOTAL = "$699.25";
const DISCOUNT = "$69.93";
const TOTAL = "$629.32";
/** Wetsuit and fins per person, in the order the people are booked (adults, child, observer). */
const SIZES = [
  ["L", "L"],
  ["M", "M"],
  ["S", "S"],
  ["M", "L"],
];

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

/** An adventure of the test's own with its categories, a gear set from the shop's stock and one open date. */
interface PriceList {
  adventureId: string;
  date: string;
  /** Category ids by name. */
  id: Record<string, string>;
  extraId: string;
}

type Api = Parameters<typeof adminApi>[0];

async function setUpPriceList(request: Api, token: string, run: string): Promise<PriceList> {
  const adventureId = await createAdventure(request, token, fields(run));
  const date = addDays(sydneyToday(), 40 + Math.floor(Math.random() * 100));
  const slot = await adminApi(request, token, "POST", "/api/admin/availability", {
    adventure_id: adventureId,
    date,
    available_spots: 4,
  });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  const set = await adminApi<{ categories: { id: string; name: string }[] }>(
    request,
    token,
    "PUT",
    `/api/admin/adventures/${adventureId}/price-categories`,
    { categories: CATEGORIES },
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const gear: string[] = [];
  for (const name of ["Wetsuit", "Fins"]) {
    const item = await adminApi<{ gear_item: { id: string } }>(request, token, "POST", "/api/admin/gear", {
      name,
      stock: ["S", "M", "L"].map((size) => ({ size, quantity: 10 })),
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    gear.push(item.body.gear_item.id);
  }
  const extra = await adminApi<{ extra: { id: string } }>(
    request,
    token,
    "POST",
    `/api/admin/adventures/${adventureId}/extras`,
    { name: "Full gear set", price_cents: 3875, per: "person", gear_item_ids: gear },
  );
  expect(extra.status, JSON.stringify(extra.body)).toBe(201);
  return {
    adventureId,
    date,
    id: Object.fromEntries(set.body.categories.map((c) => [c.name, c.id])),
    extraId: extra.body.extra.id,
  };
}

const fields = (run: string) => adventureFields(`Reef Family Day ${run}`, `reef-family-day-${run}`);

async function tearDown(request: Api, token: string, run: string, list: PriceList | null) {
  if (!list) return;
  await adminApi(request, token, "POST", `/api/admin/extras/${list.extraId}/deactivate`);
  await adminApi(request, token, "PUT", `/api/admin/adventures/${list.adventureId}/price-categories`, {
    categories: [],
  });
  await adminApi(request, token, "PUT", `/api/admin/adventures-pro/${list.adventureId}`, {
    ...fields(run),
    is_active: false,
    booking_enabled: false,
  });
}

/** The booking form (the site frame has forms of its own, and the waitlist's below it). */
const detailsForm = (page: Page) =>
  page.locator("main form[method=post]").filter({ has: page.locator("[name=customerFirstName]") });

/** The booking made under an address, as the console lists it. */
async function bookingOf(request: Api, token: string, email: string) {
  const list = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, { headers: bearer(token) });
  return ((await list.json()) as { bookings: { id: string; group_size: number }[] }).bookings[0];
}

test("2 adults, 1 child and 1 observer with a gear set each and a 10% code: one total on the form, the checkout, the email, the invoice and the booking page", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const run = Date.now().toString(36);
  const code = `LIST${run.toUpperCase()}`;
  const email = uniqueEmail("pricelist");
  let list: PriceList | null = null;
  let bookingId = "";
  let codeId = "";
  // A business registered for GST: the invoice is a tax invoice with its GST line (reset after).
  await adminApi(request, token, "PUT", "/api/admin/invoice-settings", {
    legal_name: "Tidewater Dive & Camp Pty Ltd",
    abn: "51 824 753 556",
    gst_registered: true,
  });
  try {
    list = await setUpPriceList(request, token, run);
    const { adventureId, date, id } = list;
    const promo = await adminApi<{ promo_code: { id: string } }>(
      request,
      token,
      "POST",
      "/api/admin/promo-codes",
      {
        code,
        kind: "percent",
        percent: 10,
      },
    );
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    codeId = promo.body.promo_code.id;

    // The customer, on a phone.
    await page.setViewportSize(PHONE);
    await page.goto(`/book?adventure=${adventureId}`);
    const details = detailsForm(page);
    await details.locator("[name=customerFirstName]").fill("Fay");
    await details.locator("[name=customerLastName]").fill("Family");
    await details.locator("[name=customerEmail]").fill(email);
    await details.locator(`[name=category_${id.Adult}]`).fill("2");
    await details.locator(`[name=category_${id.Child}]`).fill("1");
    await details.locator(`[name=category_${id.Observer}]`).fill("1");
    await details.locator("[name=selectedDate]").selectOption(date);
    await details.getByRole("spinbutton", { name: /Full gear set/ }).fill("4");
    for (const [i, [wetsuit, fins]] of SIZES.entries()) {
      await details.getByLabel(`Person ${i + 1} wetsuit size`).selectOption(wetsuit);
      await details.getByLabel(`Person ${i + 1} fins size`).selectOption(fins);
    }
    await expect(page.getByText("1 × Child (12-17)")).toBeVisible();
    await expect(page.getByText("4 × Full gear set")).toBeVisible();
    await page.getByLabel(/Promo code/).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Use code" }).click();
    await expect(page.getByTestId("promo-applied")).toContainText(`${code} applied: ${DISCOUNT} off.`);
    await expect(page.getByTestId("promo-deduction")).toContainText(`−${DISCOUNT}`);
    await expect(page.getByTestId("booking-total")).toHaveText(TOTAL);
    await expect(details.locator("p").filter({ hasText: "Total for 4 people" })).toContainText(TOTAL);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page, "main form[method=post]")).toEqual([]);
    await details.getByRole("spinbutton", { name: /Full gear set/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("price-list-extras-375.png") });
    await page.getByTestId("booking-total").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("price-list-summary-375.png") });
    await page.setViewportSize(WIDE);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("price-list-form-1280.png"), fullPage: true });
    await page.setViewportSize(PHONE);

    // The checkout charges the server's total and lists the lines.
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByTestId("checkout-total")).toHaveText(TOTAL);
    const lineItems = page.getByText("2 × Adult (18+) $379.00");
    await expect(lineItems).toContainText(
      "2 × Adult (18+) $379.00 · 1 × Child (12-17) $120.25 · 1 × Observer $45.00 · 4 × Full gear set $155.00",
    );
    await expect(lineItems).toContainText(`Subtotal ${SUBTOTAL} · Promo ${code}: -${DISCOUNT}`);
    await payWithTestCard(page, "Fay Family");
    await page.waitForURL(/\/book\?session_id=cs_test_/);
    const manage = page.locator('a[href^="/my-booking/"]').first();
    await expect(manage).toBeVisible();
    const link = (await manage.getAttribute("href")) ?? "";

    // The confirmation email.
    const mail = await mailMatching(
      sink.messages,
      (m) => m.to.includes(email) && /confirmed/i.test(m.subject),
    );
    const text = plainText(mail.raw);
    expect(text).toContain("4 × Full gear set: $155.00");
    expect(text).toContain(`Total paid: ${TOTAL}`);

    // The manage page lists the lines and the sizes hired; its invoice has the same total.
    await page.goto(link);
    const lines = page.getByTestId("price-lines");
    await expect(lines).toContainText("2 × Adult (18+)$379.00");
    await expect(lines).toContainText("4 × Full gear set$155.00");
    await expect(lines.getByTestId("gear-sizes")).toHaveText("Fins: L, M, S, L · Wetsuit: L, M, S, M");
    await expect(page.getByTestId("total-paid")).toHaveText(TOTAL);
    await expectNoSidewaysScroll(page);
    await lines.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("price-list-manage-375.png") });
    const invoiceLink = page.getByRole("list", { name: "Invoices" }).getByRole("link").first();
    const invoiceHref = (await invoiceLink.getAttribute("href")) ?? "";
    // The invoice is a plain document (no scripts to wait for).
    const invoice = await page.goto(invoiceHref, { waitUntil: "domcontentloaded" });
    expect(invoice?.status()).toBe(200);
    expect(
      /<tr class="total">.*?<td class="num">([^<]+)<\/td><\/tr>/s.exec((await invoice?.text()) ?? "")?.[1],
    ).toBe(TOTAL);
    const doc = page.locator("body");
    await expect(doc).toContainText("Tax invoice");
    await expect(doc).toContainText("ABN 51 824 753 556");
    // GST is 1/11 of the taxable total after the code: $629.32 / 11.
    await expect(doc).toContainText(/GST included in the total\s*\$57\.21/);
    await page.screenshot({ path: test.info().outputPath("price-list-invoice-375.png"), fullPage: true });

    // The operator's booking page.
    const booking = await bookingOf(request, token, email);
    bookingId = booking.id;
    expect(booking.group_size).toBe(4);
    await signIn(page, token);
    await page.goto(`/admin/bookings/${bookingId}`);
    await expect(page.getByTestId("admin-total")).toHaveText(TOTAL);
    await expect(page.getByTestId("admin-promo-discount")).toHaveText(`-${DISCOUNT}`);
    await expect(page.getByTestId("admin-price-line")).toHaveText([
      "$379.00",
      "$120.25",
      "$45.00",
      "$155.00",
    ]);
    // The trip day's manifest: the group's extras and the departure's gear to pack, by size.
    await page.goto(`/admin/manifest?date=${date}`);
    await expect(page.getByTestId("manifest-extras")).toHaveText("Extras: 4 × Full gear set");
    await expect(page.getByTestId("manifest-gear")).toContainText("Gear to pack:");
    await expect(page.getByTestId("manifest-gear")).toContainText("M ×2");
    await expectNoSidewaysScroll(page);
    await page.getByTestId("manifest-extras").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("price-list-manifest-375.png") });

    // Person 3 is the child: the date input refuses an adult, and so does the server.
    await page.goto(link);
    await page.getByRole("link", { name: "Fill in details of Person 3" }).click();
    await expect(page.getByText("Booked as Child (12-17): ages 12 to 17 on the trip date.")).toBeVisible();
    const dob = page.getByLabel("Date of birth");
    await dob.fill("1990-05-04");
    expect(await dob.evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
    await dob.evaluate((el: HTMLInputElement) => el.removeAttribute("min"));
    await page.getByLabel("Full name", { exact: true }).fill("Kit Family");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.locator("#p-date_of_birth-error")).toContainText(
      "Child is for ages 12 to 17; this date of birth makes them",
    );
  } finally {
    await adminApi(request, token, "PUT", "/api/admin/invoice-settings", {
      legal_name: "",
      abn: "",
      gst_registered: false,
    });
    if (bookingId) await cancelBooking(request, token, bookingId);
    if (codeId) await adminApi(request, token, "POST", `/api/admin/promo-codes/${codeId}/deactivate`);
    await tearDown(request, token, run, list);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("gear sets counted on the plain form ask their sizes on the form shown again, then book at the server's total", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const run = `${Date.now().toString(36)}n`;
    const email = uniqueEmail("pricelist-nojs");
    let list: PriceList | null = null;
    try {
      list = await setUpPriceList(request, token, run);
      const { adventureId, date, id } = list;
      await page.setViewportSize(PHONE);
      await page.goto(`/book?adventure=${adventureId}`);
      const details = detailsForm(page);
      await details.locator("[name=customerFirstName]").fill("Noor");
      await details.locator("[name=customerEmail]").fill(email);
      await details.locator(`[name=category_${id.Adult}]`).fill("1");
      await details.locator(`[name=category_${id.Child}]`).fill("1");
      await details.locator("[name=selectedDate]").selectOption(date);
      await details.getByRole("spinbutton", { name: /Full gear set/ }).fill("2");
      await details.getByRole("button", { name: "Continue to Payment" }).click();

      // The page again, with what was sent: a size select per person now, and what is missing.
      await expect(
        details.getByText("Full gear set: choose a wetsuit size for person 1 (L, M, S)"),
      ).toBeVisible();
      await expect(details.getByRole("spinbutton", { name: /Full gear set/ })).toHaveValue("2");
      await expect(details.locator(`[name=category_${id.Child}]`)).toHaveValue("1");
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath("price-list-no-js-375.png"), fullPage: true });
      for (const i of [1, 2]) {
        await details.getByLabel(`Person ${i} wetsuit size`).selectOption("M");
        await details.getByLabel(`Person ${i} fins size`).selectOption("L");
      }
      await details.locator("[name=customerFirstName]").fill("Noor");
      await details.getByRole("button", { name: "Continue to Payment" }).click();
      await page.waitForURL(/\/checkout\/test\/cs_test_/);
      // 189.50 + 120.25 + 2 × 38.75
      await expect(page.getByTestId("checkout-total")).toHaveText("$387.25");
      await expect(page.getByText("1 × Adult (18+) $189.50")).toContainText("2 × Full gear set $77.50");
    } finally {
      const booking = await bookingOf(request, token, email);
      if (booking) await cancelBooking(request, token, booking.id);
      await tearDown(request, token, run, list);
    }
  });
});

import { readFileSync, writeFileSync } from "node:fs";
import { formatDateAU } from "../../app/lib/dates";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  addDays,
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  openDates,
  payCheckout,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";
import { readyDiverDetails } from "../helpers/participant-details";

/**
 * The trip-day manifest of a date with two paid bookings on two adventures
 * (one person entered, one not yet): at a phone's width with check-in, in
 * print emulation and as an A4 PDF, and as a CSV download; and the
 * dashboard's list of upcoming bookings that are not ready. The bookings are
 * made and paid through the API.
 */
const PHONE = { width: 375, height: 740 };
const DIVE = "dive-exhibition";
const SHORE = "guided-shore-dive";

/** Books and pays through the API. */
async function bookAndPay(
  request: APIRequestContext,
  adventureId: string,
  date: string,
  groupSize: number,
  firstName: string,
) {
  const booking = await createBooking(request, {
    adventureId,
    date,
    email: uniqueEmail("manifest"),
    groupSize,
    firstName,
  });
  await payCheckout(request, booking);
  return booking;
}

/** A date in the next 14 days both adventures have room on. */
async function sharedDate(page: Page): Promise<string> {
  const last = addDays(sydneyToday(), 13);
  const dive = await openDates(page.request, DIVE);
  const shore = new Set(
    (await openDates(page.request, SHORE)).filter((d) => d.spots_left >= 1).map((d) => d.date),
  );
  const date = dive.find((d) => d.spots_left >= 2 && d.date <= last && shore.has(d.date))?.date;
  expect(date, "an open date in the next 14 days").toBeTruthy();
  return date as string;
}

test.use({ viewport: PHONE });

test("the manifest at the dive site, on paper and as CSV", async ({ page }, testInfo) => {
  // Check-in, the day buttons, a download, an A4 PDF and the dashboard: one journey, longer than most.
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const date = await sharedDate(page);
  const dive = await bookAndPay(page.request, DIVE, date, 2, "Maya");
  let shoreId = "";
  try {
    const shore = await bookAndPay(page.request, SHORE, date, 1, "Noah");
    shoreId = shore.booking_id;
    // The first diver of the first group, entered by the operator; the second person is still to come.
    const put = await page.request.put(`/api/admin/bookings/${dive.booking_id}/participants/1`, {
      headers: bearer(token),
      data: readyDiverDetails("Maya Walker", {
        date_of_birth: "1994-02-03",
        emergency_contact_name: "Tom Walker",
        height_cm: 168,
        weight_kg: 62,
        wetsuit_size: "S",
      }),
    });
    expect(put.status(), await put.text()).toBe(200);

    await signIn(page, token);
    await page.goto(`/admin/manifest?date=${date}`);
    await expect(page.getByRole("heading", { level: 1, name: "Trip-day manifest" })).toBeVisible();
    const diveCard = page.getByRole("article", { name: `Booking ${dive.reference}` });
    const shoreCard = page.getByRole("article", { name: `Booking ${shore.reference}` });
    await expect(diveCard).toContainText("Maya Walker");
    // Each adventure says when and where its group meets.
    await expect(page.getByTestId("manifest-meet").first()).toContainText(
      /Starts \d{1,2}:\d{2} [ap]m · Meet at /,
    );
    await expect(diveCard).toContainText("Height 168 cm · Weight 62 kg · Wetsuit S · Fins M");
    await expect(diveCard).toContainText("Tom Walker · 0400 555 666");
    await expect(diveCard).toContainText("No medical issues");
    // The operator cannot sign the waiver for a guest: that part is still to come.
    await expect(diveCard.getByTestId("manifest-participant")).toContainText("Waiver missing");
    await expect(diveCard).toContainText("Participant 2 — details missing");
    await expect(shoreCard).toContainText("Participant 1 — details missing");
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Check-in: a large toggle per person, kept by the server.
    const checkIn = diveCard.getByRole("button", { name: "Checked in: Maya Walker" });
    await expect(checkIn).toHaveAttribute("aria-pressed", "false");
    const box = await checkIn.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await checkIn.click();
    await expect(checkIn).toHaveAttribute("aria-pressed", "true");
    await expect(checkIn).toHaveText("Checked in");
    await page.reload();
    await expect(diveCard.getByRole("button", { name: "Checked in: Maya Walker" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // A trip ahead cannot be marked completed yet; the day buttons move the date.
    await expect(page.getByRole("button", { name: "Mark date completed" })).toHaveCount(0);
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/manifest\\?date=${addDays(date, 1)}$`));
    await expect(
      page.getByRole("heading", { level: 2, name: formatDateAU(addDays(date, 1), "full") }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Previous day" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/manifest\\?date=${date}$`));
    await expect(diveCard).toBeVisible();
    // Today: the date can be completed once confirmed trips are on it; none can be booked for today.
    await page.getByRole("button", { name: "Today" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/manifest\\?date=${sydneyToday()}$`));
    await expect(
      page.getByRole("heading", { level: 2, name: formatDateAU(sydneyToday(), "full") }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark date completed" })).toBeDisabled();
    await page.goto(`/admin/manifest?date=${date}`);
    await expect(diveCard).toBeVisible();

    // The CSV, fetched with the token and saved by the browser.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`manifest-${date}.csv`);
    const csv = readFileSync((await download.path()) as string, "utf8");
    expect(csv).toMatch(/^\uFEFFdate,adventure,reference,/);
    const mine = csv
      .split("\r\n")
      .filter((line) => line.includes(dive.reference) || line.includes(shore.reference));
    expect(mine).toHaveLength(3);
    expect(csv).toContain(`,1,Maya Walker,`);

    // Paper: no console frame, no buttons, a table per adventure.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(diveCard).toBeHidden();
    const table = page.getByRole("table", { name: /Discover Scuba Diving/ });
    await expect(table).toBeVisible();
    await expect(table).toContainText("Maya Walker");
    await expect(table).toContainText("Participant 2 — details missing");
    await page.setViewportSize({ width: 1280, height: 900 });
    const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Two adventures, each on a page of its own.
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    writeFileSync(testInfo.outputPath("manifest.pdf"), pdf);
    await page.emulateMedia({ media: "screen" });

    // The dashboard lists both bookings as not ready, linking to the date's manifest.
    await page.goto("/admin/pro-dashboard");
    const card = page.locator("section", {
      has: page.getByRole("heading", { name: "Upcoming bookings not ready" }),
    });
    await expect(card.getByRole("link", { name: dive.reference })).toBeVisible();
    await expect(card.getByRole("link", { name: shore.reference })).toBeVisible();
    await expect(card.locator("li", { hasText: dive.reference })).toContainText(
      "Details missing (1 person not entered)",
    );
    await page.setViewportSize(PHONE);
    await card
      .locator("li", { hasText: dive.reference })
      .getByRole("link", { name: /\d{4}$/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/manifest\\?date=${date}$`));
    await expect(page.getByRole("article", { name: `Booking ${dive.reference}` })).toBeVisible();
  } finally {
    await cancelBooking(page.request, token, dive.booking_id);
    if (shoreId) await cancelBooking(page.request, token, shoreId);
  }
});

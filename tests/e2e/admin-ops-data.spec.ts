import { readFileSync } from "node:fs";
import { expect, type Page, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  openDates,
  payCheckout,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";

/**
 * How the operations screens load and write: a failed load shows the screen's
 * own text (the professional dashboard only logs it), cancelling a paid
 * booking shows the refund before and after, and the CSV export takes the
 * list's filter from the address.
 */

const ADVENTURE = "guided-shore-dive";
const aud2 = (n: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2 }).format(n);

/** Answers every GET of this API path (any query) with a server error, or drops it unanswered. */
async function failLoads(page: Page, path: string, how: "server" | "network") {
  await page.route(
    (url) => url.pathname === path,
    (route) =>
      route.request().method() !== "GET"
        ? route.continue()
        : how === "server"
          ? route.fulfill({ status: 500, json: { detail: "Broken on purpose" } })
          : route.abort("connectionrefused"),
  );
}

const SCREENS = [
  { screen: "/admin/bookings", api: "/api/bookings", text: "Failed to fetch bookings" },
  { screen: "/admin/contacts", api: "/api/contact", text: "Failed to fetch contact messages" },
  {
    screen: "/admin/newsletter",
    api: "/api/admin/newsletter/subscribers",
    text: "Failed to fetch subscribers",
  },
  {
    screen: "/admin/dashboard",
    api: "/api/admin/dashboard/stats",
    text: "Failed to fetch dashboard statistics",
  },
] as const;

for (const { screen, api, text } of SCREENS) {
  test(`${screen}: a failed load shows '${text}', no answer shows 'Connection error'`, async ({
    page,
    request,
  }) => {
    await signIn(page, await adminToken(request));
    await failLoads(page, api, "server");
    await page.goto(screen);
    await expect(page.getByRole("alert")).toHaveText(text);

    await page.unrouteAll();
    await failLoads(page, api, "network");
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText("Connection error");
  });
}

test("professional dashboard: a failed load is only logged; the cards and panels say nothing is there", async ({
  page,
  request,
}) => {
  await signIn(page, await adminToken(request));
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") logged.push(m.text());
  });
  await failLoads(page, "/api/admin/analytics/dashboard", "server");
  await page.goto("/admin/pro-dashboard");
  await expect(page.getByText("The chart is not available right now.")).toBeVisible();
  await expect(page.getByText("The overview is not available right now.")).toBeVisible();
  await expect(page.getByText("No adventures yet")).toBeVisible();
  const figures = page.getByRole("region", { name: "Key figures" });
  await expect(figures.getByText("–", { exact: true })).toHaveCount(4);
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(logged.some((l) => l.includes("Failed to load dashboard analytics"))).toBe(true);
});

test("bookings: cancelling a paid booking shows the refund first and its outcome after; the CSV follows the filter", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const email = uniqueEmail("refund");
  // The latest open date: the most days before the trip, the largest refund under the policy.
  const date = (await openDates(request, ADVENTURE)).at(-1)?.date;
  if (!date) throw new Error(`${ADVENTURE} has no open date`);
  const booking = await createBooking(request, { adventureId: ADVENTURE, date, email });
  try {
    await payCheckout(request, booking);
    const previewRes = await request.get(`/api/admin/bookings/${booking.booking_id}/refund-preview`, {
      headers: bearer(token),
    });
    expect(previewRes.status()).toBe(200);
    const preview = (await previewRes.json()) as {
      paid: boolean;
      refund_percent: number;
      refund_amount: number;
    };
    expect(preview.paid).toBe(true);

    await signIn(page, token);
    // The search lives in the address: opening it shows the filtered list at once.
    await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
    await expect(page.getByLabel("Search")).toHaveValue(email);
    const row = page.getByTestId("booking-row").locator("visible=true");
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-reference", booking.reference);
    await expect(row).toContainText("Confirmed");

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .trim()
      .split(/\r?\n/);
    // The header and this search's one booking.
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(booking.reference);

    await row.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("refund-preview")).toContainText(
      `Refund under the cancellation policy: ${preview.refund_percent}% = ${aud2(preview.refund_amount)}`,
    );
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    const notice = page.getByRole("status").filter({ hasText: `Booking ${booking.reference} cancelled.` });
    await expect(notice).toContainText(
      preview.refund_amount > 0
        ? `A refund of ${aud2(preview.refund_amount)} was sent to the customer's card. The spots are free again.`
        : "No refund was due. The spots are free again.",
    );
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("No actions");
    if (preview.refund_amount > 0) await expect(row).toContainText(`Refunded ${aud2(preview.refund_amount)}`);
  } finally {
    await cancelBooking(request, token, booking.booking_id);
  }
});

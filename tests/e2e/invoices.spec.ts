/**
 * The operator sets the business's ABN; a customer who pays gets a tax invoice
 * on their booking's page (on a phone); the operator finds it at a desk and
 * reads it. The rules (GST, numbering, adjustment notes, who may open what)
 * are proven in tests/api/invoices.
 */
import { expect, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  createBooking,
  openDates,
  payBooking,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";

test("a tax invoice from the ABN in Settings to the customer's page and the operator's list", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await signIn(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/settings-pro");
  await page.getByLabel("Business name on invoices").fill("Tidewater Dive & Camp Pty Ltd");
  await page.getByLabel("ABN").fill("51 824 753 556");
  await page.getByLabel("Registered for GST").check();
  await page.getByRole("button", { name: "Save tax details" }).click();
  await expect(page.getByText("Documents issued from now on are tax invoices")).toBeVisible();

  const email = uniqueEmail("invoice");
  const [date] = (await openDates(request, "dive-exhibition")).filter((d) => d.available);
  const booking = await createBooking(request, {
    adventureId: "dive-exhibition",
    date: date.date,
    email,
    groupSize: 2,
    firstName: "Ivy",
  });
  const manage = await payBooking(request, booking);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(manage);
  const link = page
    .getByRole("list", { name: "Invoices" })
    .getByRole("link", { name: /^Tax invoice INV-\d{6}$/ });
  await expect(link).toBeVisible();
  const number = ((await link.textContent()) ?? "").replace("Tax invoice ", "").trim();
  const invoice = await page.request.get(`${manage}/invoices/${number}`);
  const html = await invoice.text();
  expect(html).toContain("<h1>Tax invoice</h1>");
  expect(html).toContain("ABN 51 824 753 556");
  expect(html).toContain("Tidewater Dive &amp; Camp Pty Ltd");
  expect(html).toContain("GST included in the total");
  // A plain printable page with no scripts: nothing hydrates.
  await page.goto(`${manage}/invoices/${number}`, { waitUntil: "domcontentloaded" });
  await page.screenshot({ path: test.info().outputPath("invoice-375.png"), fullPage: true });
  await expectNoSidewaysScroll(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/invoices");
  await page.getByLabel("Search number, name, email or booking reference").fill(booking.reference);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: new RegExp(`Tax invoice ${number}`) }).click();
  const frame = page.frameLocator(`iframe[title="Tax invoice ${number}"]`);
  await expect(frame.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(frame.getByText("Ivy Walker")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("invoices-1280.png"), fullPage: true });

  await request.put(`/api/admin/bookings/${booking.booking_id}/status`, {
    headers: bearer(token),
    data: { status: "cancelled" },
  });
  await request.put("/api/admin/invoice-settings", {
    headers: bearer(token),
    data: { legal_name: "", abn: "", gst_registered: false },
  });
});

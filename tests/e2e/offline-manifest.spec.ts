import type { BrowserContext } from "@playwright/test";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  addDays,
  adminToken,
  bearer,
  createBooking,
  payCheckout,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";

/**
 * The acceptance journey: a Crew phone loads the manifest online (the worker
 * installs), loses its signal, checks in a group of six across two bookings
 * and runs a roll call with one diver left in the water (the alarm), then
 * syncs; a second phone checked one of the same divers in offline too.
 */
const PHONE = { width: 375, height: 740 };
const DIVE = "dive-exhibition";
const NAMES = [
  ["Ava Stone", "Ben Cole", "Cara Diaz"],
  ["Dan Egan", "Eve Ford", "Finn Gray"],
];

test.use({ viewport: PHONE });

async function bookSix(request: APIRequestContext, token: string) {
  // A departure of this test's own, far enough ahead to be free, with room for six.
  const date = addDays(sydneyToday(), 400 + (Date.now() % 300));
  const opened = await request.post("/api/admin/availability", {
    headers: bearer(token),
    data: { adventure_id: DIVE, date, available_spots: 8 },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  for (const names of NAMES) {
    const booking = await createBooking(request, {
      adventureId: DIVE,
      date: date as string,
      email: uniqueEmail("offline"),
      groupSize: 3,
      firstName: names[0].split(" ")[0],
    });
    await payCheckout(request, booking);
    for (const [i, full_name] of names.entries()) {
      const put = await request.put(`/api/admin/bookings/${booking.booking_id}/participants/${i + 1}`, {
        headers: bearer(token),
        data: {
          full_name,
          date_of_birth: "1990-01-01",
          email: "",
          emergency_contact_name: `${full_name} Sr`,
          emergency_contact_phone: "0400 111 222",
        },
      });
      expect(put.status(), await put.text()).toBe(200);
    }
  }
  return date as string;
}

/** Online: the manifest, then the worker in control, then the roll call opened once so its screen is kept. */
async function loadOnline(page: Page, token: string, date: string) {
  await signIn(page, token);
  await page.goto(`/admin/manifest?date=${date}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByRole("link", { name: "Roll call" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Roll call" }).first().click();
  await expect(page.getByText(/0 of \d+ in the water/)).toBeVisible();
  await page.goto(`/admin/manifest?date=${date}`);
  await expect(page.getByRole("link", { name: "Roll call" }).first()).toBeVisible();
}

test("offline check-in and roll call sync exactly once, two phones included", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(page.request);
  const date = await bookSix(page.request, token);
  await loadOnline(page, token, date);

  // A second phone, online once, then offline: it checks in the same first diver.
  const second: BrowserContext = await browser.newContext({
    viewport: PHONE,
    baseURL: new URL(page.url()).origin,
  });
  const other = await second.newPage();
  await loadOnline(other, token, date);
  await second.setOffline(true);
  await other.getByRole("button", { name: `Checked in: ${NAMES[0][0]}` }).click();
  await expect(other.getByText("1 action waiting to sync")).toBeVisible();

  await page.context().setOffline(true);
  for (const name of NAMES.flat()) {
    const button = page.getByRole("button", { name: `Checked in: ${name}` });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByText("6 actions waiting to sync")).toBeVisible();
  await page.getByRole("link", { name: "Roll call" }).first().click();
  await expect(page.getByText("0 of 6 in the water")).toBeVisible();
  await expect(page.getByText("6 actions waiting to sync")).toBeVisible();
  for (const name of NAMES.flat()) await page.getByRole("button", { name: `Out: ${name}` }).click();
  await expect(page.getByText("6 of 6 in the water")).toBeVisible();
  for (const name of NAMES.flat().slice(1))
    await page.getByRole("button", { name: `Back in: ${name}` }).click();
  await expect(page.getByText("1 of 6 in the water")).toBeVisible();
  await expect(page.getByText(/Offline copy from \d\d:\d\d/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("roll-call-375.png"), fullPage: true });

  await page.getByRole("button", { name: "All aboard" }).click();
  const alarm = page.getByRole("alert");
  await expect(alarm).toContainText("Diver missing");
  await expect(alarm).toContainText(NAMES[0][0]);
  await expect(alarm).toContainText(`${NAMES[0][0]} Sr`);
  await expect(alarm.getByRole("link", { name: "Call 0400 111 222" })).toHaveAttribute(
    "href",
    "tel:0400111222",
  );
  await page.screenshot({ path: testInfo.outputPath("roll-call-alarm-375.png") });
  await alarm.getByRole("button", { name: `${NAMES[0][0]} is back in` }).click();
  await page.getByRole("button", { name: "All aboard" }).click();

  // Signal back: both phones sync.
  await page.context().setOffline(false);
  await second.setOffline(false);
  await expect(page.getByText("Nothing waiting to sync")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Dive 1: in at \d\d:\d\d, all aboard at \d\d:\d\d/)).toBeVisible();
  await expect
    .poll(async () => other.evaluate(() => localStorage.getItem("trip-day-last-sync")), { timeout: 15_000 })
    .toContain('"refused":[]');
  await second.close();

  const manifest = await (
    await page.request.get(`/api/admin/manifest?date=${date}`, { headers: bearer(token) })
  ).json();
  const people = manifest.adventures.flatMap(
    (a: { bookings: { participants: { full_name: string; checked_in: boolean }[] }[] }) =>
      a.bookings.flatMap((b) => b.participants),
  );
  for (const name of NAMES.flat())
    expect(people.find((p: { full_name: string }) => p.full_name === name)?.checked_in).toBe(true);
});

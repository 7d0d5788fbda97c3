import { expect, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  openDates,
  payBooking,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";

/**
 * The operator edits the cancellation policy under Admin → Settings, and the
 * refund a customer gets on cancelling changes with every place its words
 * appear: the adventure page, /cancellation, the FAQ, the /book summary and
 * the page of a booking confirmed after the edit; one confirmed before it keeps
 * the terms it was told. The bookings are made through the API; the policy
 * goes back to the built-in default afterwards (the server is shared with
 * the worker's other specs).
 */
const ADVENTURE = "guided-shore-dive";
const RULE = "100 or more days before, full refund; 2-99 days, 30% refund; 0-1 days, no refund";

const daysFromToday = (iso: string) =>
  Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${sydneyToday()}T00:00:00Z`)) / 86_400_000);

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an edited policy changes the refund and every sentence about it", async ({ page, request }) => {
      const token = await adminToken(request);
      const reset = () =>
        request.put("/api/admin/settings", { headers: bearer(token), data: { policy: null } });
      expect((await reset()).status()).toBe(200);
      // A date 3 to 99 days ahead: a full refund today, 30% once the operator's edit is saved.
      const date = (await openDates(request, ADVENTURE)).find(
        (d) => daysFromToday(d.date) >= 7 && daysFromToday(d.date) < 100,
      );
      expect(date, "an open date 7-99 days ahead").toBeTruthy();
      const iso = date?.date as string;
      const booking = await createBooking(request, {
        adventureId: ADVENTURE,
        date: iso,
        email: uniqueEmail("policy"),
      });
      let laterId = "";
      try {
        const link = await payBooking(request, booking);
        const price = date?.price as number;
        const money = (cents: number) =>
          `$${(cents / 100).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

        // Before: the built-in words, a full refund (the page is cached now).
        await page.goto("/cancellation");
        await expect(page.getByRole("rowheader", { name: "3-6 days before" })).toBeVisible();

        // The operator edits the policy in the console.
        await signIn(page, token);
        await page.goto("/admin/settings-pro");
        const tiers = page.getByTestId("policy-tier");
        await expect(tiers).toHaveCount(3);
        await tiers.nth(0).scrollIntoViewIfNeeded();
        await page.screenshot({
          path: test.info().outputPath(`policy-settings-${viewport.width}.png`),
          fullPage: true,
        });
        await page.getByLabel("Tier 1: starts this long before").fill("100");
        await page.getByLabel("Tier 2: starts this long before").fill("2");
        await page.getByLabel("Tier 2: refund percent").fill("30");
        // A refund that rises as the trip nears is refused before it is sent, on the field.
        await page.getByLabel("Tier 3: refund percent").fill("40");
        await expect(page.getByTestId("policy-preview-issue")).toHaveText(
          "A later cancellation never gets more back",
        );
        await page.getByLabel("Tier 3: refund percent").fill("0");
        await expect(page.getByTestId("policy-preview")).toContainText(
          "Full refund 100 or more days before the trip, 30% 2-99 days before, no refund within 24 hours.",
        );
        await expectNoSidewaysScroll(page);
        await page.getByRole("button", { name: "Save cancellation policy" }).click();
        await expect(page.getByText("Cancellation policy saved.")).toBeVisible();
        await expect(page.getByText("Set by you")).toBeVisible();
        await page
          .locator("#policies")
          .screenshot({ path: test.info().outputPath(`policy-saved-${viewport.width}.png`) });

        // Every place the words appear follows.
        await page.goto(`/adventures/${ADVENTURE}`);
        await expect(page.locator("main")).toContainText(RULE);
        await page.goto("/cancellation");
        await expect(page.getByRole("rowheader", { name: "2-99 days before" })).toBeVisible();
        await expect(page.getByRole("rowheader", { name: "3-6 days before" })).toHaveCount(0);
        await expect(page.locator("main")).toContainText("2-99 days before: 30% refund.");
        await page.goto("/faq");
        await expect(page.locator("main")).toContainText(
          "Cancel 100 or more days before your trip for a full refund.",
        );
        await page.goto(`/book?adventure=${ADVENTURE}`);
        await page.locator("select[name=selectedDate]").selectOption(iso);
        await expect(page.getByRole("complementary")).toContainText("30% refund if cancelled by");

        // A booking confirmed before the edit keeps the terms its confirmation told: a full refund.
        await page.goto(link);
        await expect(page.locator("main")).toContainText("Full refund 7 or more days before the trip");
        await expect(page.getByTestId("refund-today")).toContainText("(100% of");

        // A booking confirmed after it: the new policy's words, and its refund.
        const later = await createBooking(request, {
          adventureId: ADVENTURE,
          date: iso,
          email: uniqueEmail("policy-later"),
        });
        laterId = later.booking_id;
        const refund = Math.floor((price * 100 * 30) / 100);
        await page.goto(await payBooking(request, later));
        await expect(page.locator("main")).toContainText(
          "Full refund 100 or more days before the trip, 30% 2-99 days before, no refund within 24 hours",
        );
        await expect(page.getByTestId("refund-today")).toContainText(`refunds ${money(refund)} (30% of`);
        await page.getByRole("button", { name: "Cancel booking" }).click();
        await expect(page.getByTestId("cancel-review")).toContainText(`receive ${money(refund)} back?`);
        await page.getByTestId("cancel-review").getByRole("button", { name: "Confirm cancellation" }).click();
        await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
        // The refund the server claimed is the one the page promised.
        const res = await request.get(`/api/admin/bookings/${later.booking_id}`, {
          headers: bearer(token),
        });
        expect(res.status()).toBe(200);
        const { refunds } = (await res.json()) as { refunds: { amount: number; reason: string }[] };
        expect(refunds.map((r) => [r.amount, r.reason])).toEqual([[refund / 100, "cancellation"]]);

        // An adventure may have rules of its own: the full editor's Details tab, with the same fields.
        await page.goto(`/admin/adventures-pro/${ADVENTURE}`);
        await page.getByRole("tab", { name: "Details" }).click();
        const own = page.getByTestId("own-policy");
        await expect(page.getByRole("textbox", { name: "Cancellation policy" })).toHaveValue(
          `${RULE}. Weather cancellations give a full refund or a free reschedule.`,
        );
        await own.getByLabel("This adventure has its own cancellation policy").check();
        await expect(own.getByTestId("policy-tier")).toHaveCount(3);
        await expect(own.getByTestId("policy-preview")).toContainText(
          "Full refund 100 or more days before the trip",
        );
        await own.screenshot({ path: test.info().outputPath(`adventure-policy-${viewport.width}.png`) });
      } finally {
        await cancelBooking(request, token, booking.booking_id);
        if (laterId) await cancelBooking(request, token, laterId);
        expect((await reset()).status()).toBe(200);
      }
    });
  });
}

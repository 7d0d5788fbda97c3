import { adminApi, adminToken, adventureFields, createAdventure } from "../fixtures/admin-session";
import { expect, test } from "../fixtures/test";
import { signIn } from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";

/**
 * The operator sets up a price list in the console, on a desk and on a phone:
 * a gear item with its sizes on the Gear hire screen, two price categories and
 * a wetsuit extra that hands the item out in the adventure editor; the phone
 * booking form then asks counts per category and a size per person for the
 * extra. Screenshots of each screen at 1280 px and 375 px.
 */
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };

test("two categories, an extra with gear and its stock, set up in the console and offered on the phone booking form", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const run = Date.now().toString(36);
  const fields = adventureFields(`Price List Reef ${run}`, `price-list-reef-${run}`);
  const adventureId = await createAdventure(request, token, fields);
  const suit = `Wetsuit ${run}`;
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  try {
    await page.setViewportSize(WIDE);
    await signIn(page, token);

    // The gear and its stock.
    await page.goto("/admin/gear");
    await page.getByRole("button", { name: "New item" }).click();
    const form = page.getByRole("form", { name: "New gear item" });
    await form.getByRole("textbox", { name: "Name" }).fill(suit);
    await form.getByRole("textbox", { name: "Size 1" }).fill("S");
    await form.getByRole("spinbutton", { name: "Owned" }).fill("2");
    await form.getByRole("button", { name: "Add size" }).click();
    await form.getByRole("textbox", { name: "Size 2" }).fill("M");
    await form.getByRole("spinbutton", { name: "Owned" }).nth(1).fill("3");
    await form.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByText(`${suit} added.`)).toBeVisible();
    const item = page.getByTestId("gear-item").filter({ hasText: suit });
    await expect(item.getByTestId("stock-size")).toHaveText(["M303", "S202"]);
    await shot("gear-1280.png");

    // Two categories in the adventure editor.
    await page.goto(`/admin/adventures-pro/${adventureId}`);
    const prices = page.getByRole("form", { name: "Price categories" });
    await expect(prices.getByTestId("single-price")).toBeVisible();
    await prices.getByRole("button", { name: "Add category" }).click();
    await prices.getByRole("spinbutton", { name: "Age from" }).first().fill("16");
    await prices.getByRole("textbox", { name: "Category 2 name" }).fill("Child");
    await prices.getByRole("spinbutton", { name: "Price ($)" }).nth(1).fill("90");
    await prices.getByRole("spinbutton", { name: "Age from" }).nth(1).fill("8");
    await prices.getByRole("spinbutton", { name: "Age to" }).nth(1).fill("15");
    await prices.getByRole("button", { name: "Save prices" }).click();
    await expect(prices.getByText("Prices saved.")).toBeVisible();
    await expect(prices.getByTestId("single-price")).toHaveCount(0);

    // An extra that hands out the wetsuit.
    const extra = page.getByRole("form", { name: "New extra" });
    await extra.getByRole("textbox", { name: "Extra name" }).fill("Wetsuit hire");
    await extra.getByRole("spinbutton", { name: "Price ($)" }).fill("20");
    await extra.getByRole("checkbox", { name: suit }).check();
    await extra.getByRole("button", { name: "Add extra" }).click();
    await expect(page.getByTestId("extra-row").filter({ hasText: "Wetsuit hire" })).toContainText(
      `$20 per person`,
    );
    await expect(page.getByTestId("extra-row")).toContainText(`Hands out: ${suit}`);
    await shot("adventure-prices-1280.png");

    // The same screens on a phone.
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await shot("adventure-prices-375.png");
    await page.goto("/admin/gear");
    await expect(page.getByTestId("gear-item").filter({ hasText: suit })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot("gear-375.png");

    // The phone booking form asks counts per category and a size per person for the extra.
    await page.goto(`/admin/bookings/new?adventure=${adventureId}`);
    const counts = page.getByTestId("category-counts");
    await counts.getByRole("spinbutton", { name: /^Adult \(16\+\)/ }).fill("2");
    await counts.getByRole("spinbutton", { name: /^Child \(8-15\)/ }).fill("1");
    await page.getByRole("spinbutton", { name: /^Wetsuit hire/ }).fill("1");
    await page.getByRole("combobox", { name: `${suit} size, person 1` }).selectOption("M");
    // 2 × $150 + $90 + $20
    await expect(page.getByText("$410.00")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot("new-booking-375.png");
    await page.setViewportSize(WIDE);
    await shot("new-booking-1280.png");
  } finally {
    const gear = await adminApi<{ extras: { id: string; adventure_id: string }[] }>(
      request,
      token,
      "GET",
      "/api/admin/gear",
    );
    for (const x of gear.body.extras.filter((e) => e.adventure_id === adventureId)) {
      await adminApi(request, token, "POST", `/api/admin/extras/${x.id}/deactivate`, {});
    }
    await adminApi(request, token, "PUT", `/api/admin/adventures/${adventureId}/price-categories`, {
      categories: [],
    });
    await adminApi(request, token, "PUT", `/api/admin/adventures-pro/${adventureId}`, {
      ...fields,
      is_active: false,
      booking_enabled: false,
    });
  }
});

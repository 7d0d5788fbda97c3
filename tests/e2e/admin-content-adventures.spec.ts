import { adminApi, confirmDialog, loginPage, openAdmin, watchText } from "../fixtures/admin-session";
import { expect, type Page, test } from "../fixtures/test";

// Each test creates the adventures it changes, under a name of this run, and deletes them
// in its finally block, so the seeded catalogue other specs read is left as it was and a
// second run never meets the first one's leftovers.
const run = Date.now().toString(36);

const PRO = "/admin/adventures-pro";
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const list = (page: Page) => page.getByTestId("pro-list");
const row = (page: Page, title: string) => page.getByTestId("pro-row").filter({ hasText: title });

test.describe("professional adventures manager", () => {
  test("create with validation, edit the price (detail page and booking total), deactivate, delete", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const TITLE = `E2E Sea Dragon ${run}`;
    const SLUG = `e2e-sea-dragon-${run}`;
    const SAVED = `Adventure "${TITLE}" saved successfully!`;
    const token = await loginPage(page, request);
    const savedNotice = await watchText(page, SAVED);
    await page.clock.install();
    try {
      await openAdmin(page, PRO, "Adventures");
      await expect(page.getByText("Select an Adventure to Edit")).toBeVisible();
      // The list loads after the shell: wait for it before counting.
      await expect(page.getByTestId("pro-row").first()).toBeVisible();
      const countBefore = await page.getByTestId("pro-row").count();
      await expect(page.getByRole("heading", { name: `Your Adventures (${countBefore})` })).toBeVisible();

      // ?action=create opens a blank adventure with the spec's defaults.
      await page.getByRole("link", { name: "New Adventure" }).click();
      await expect(page).toHaveURL(/action=create/);
      const save = page.getByRole("button", { name: "Create Adventure" });
      await expect(save).toBeDisabled();
      await expect(page.getByLabel("Category")).toHaveValue("scuba-diving");
      await expect(page.getByLabel("Skill level")).toHaveValue("beginner");
      await expect(page.getByRole("switch", { name: /Active/ })).toBeChecked();
      await expect(page.getByRole("switch", { name: /Booking enabled/ })).toBeChecked();
      await expect(page.getByRole("switch", { name: /Featured/ })).not.toBeChecked();
      await expect(page.getByRole("switch", { name: /Requires certification/ })).not.toBeChecked();

      // Typing a title generates the slug.
      await page
        .getByRole("textbox", { name: "Title", exact: true })
        .fill("Kurnell Sea-Dragon Search: Dusk & Dive!");
      await expect(page.getByLabel("Slug")).toHaveValue("kurnell-sea-dragon-search-dusk-dive");
      await expect(save).toBeEnabled();
      await page.getByLabel("Slug").fill("");
      await expect(save).toBeDisabled();
      await page.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
      await expect(page.getByLabel("Slug")).toHaveValue(SLUG);

      // Validation is shown in the form (Pricing tab rules).
      await tab(page, "Pricing").click();
      await expect(page.getByLabel("Minimum group size")).toHaveValue("1");
      // The default range is the business's: one instructor, at most four people.
      await expect(page.getByLabel("Maximum group size")).toHaveValue("4");
      await expect(page.getByLabel("Maximum group size")).toHaveAttribute("max", "4");
      await expect(page.getByLabel("Currency")).toHaveValue("AUD");
      await page.getByLabel("Maximum group size").fill("0");
      await save.click();
      await expect(page.getByText("Base price is required")).toBeVisible();
      await expect(page.getByText("Maximum group size must be at least 1")).toBeVisible();
      await page.getByLabel("Base price").fill("-3");
      await save.click();
      await expect(page.getByText("Base price must be at least 0")).toBeVisible();
      await page.getByLabel("Base price").fill("88.5");
      await expect(page.getByLabel("Price display")).toHaveValue("From $88.5");
      await page.getByLabel("Maximum group size").fill("4");
      await page.getByLabel("Advance booking (days)").fill("-1");
      await save.click();
      await expect(page.getByText("Advance booking days must be at least 0")).toBeVisible();
      await page.getByLabel("Advance booking (days)").fill("1");

      // An error on another tab brings that tab forward.
      await tab(page, "Media").click();
      await page.getByLabel("Hero image", { exact: true }).fill("javascript:alert(1)");
      await tab(page, "Basic Info").click();
      await save.click();
      await expect(tab(page, "Media")).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText(/Hero image must be a URL/)).toBeVisible();
      await page
        .getByLabel("Hero image", { exact: true })
        .fill("/images/adventures/night-dive-experience.webp");

      // SEO: live counters with advisory colours.
      await tab(page, "SEO").click();
      await page.getByLabel("Meta title").fill("Short");
      await expect(
        page.getByText("5 characters · recommended 50–60 (shorter than recommended)"),
      ).toBeVisible();
      await page.getByLabel("Meta title").fill("Weedy Sea Dragon Search at Kurnell | Tidewater Dive Co");
      await expect(page.getByText(/54 characters · recommended 50–60 \(good length\)/)).toHaveAttribute(
        "data-status",
        "good",
      );

      // Lists one per line; tags too.
      await tab(page, "Details").click();
      await page.getByLabel("Highlights").fill("Weedy sea dragons\n\nDusk light\n");
      await tab(page, "Basic Info").click();
      await page
        .getByLabel("Short description")
        .fill("Look for weedy sea dragons at Kurnell as the sun goes down.");
      // The page's clock stops here, so the notice's 3 seconds are run, not waited for.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await save.click();
      await expect(page.getByText(SAVED)).toBeVisible();
      await expect(page.getByText("Select an Adventure to Edit")).toBeVisible();
      await expect(page.getByRole("heading", { name: `Your Adventures (${countBefore + 1})` })).toBeVisible();
      // The success message clears itself after 3 seconds, by the page's clock.
      await page.clock.runFor(2_999);
      await expect(page.getByText(SAVED)).toBeVisible();
      await page.clock.runFor(1);
      await expect(page.getByText(SAVED)).toBeHidden();
      const [shown, cleared] = await savedNotice();
      expect([shown.shown, cleared.shown, cleared.t - shown.t]).toEqual([true, false, 3_000]);
      await page.clock.resume();

      const { body: created } = await adminApi<{ id: string; highlights: string[]; base_price: number }[]>(
        request,
        token,
        "GET",
        "/api/admin/adventures-pro",
      );
      const mine = created.find((a) => a.id === SLUG);
      expect(mine).toMatchObject({ highlights: ["Weedy sea dragons", "Dusk light"], base_price: 88.5 });

      // On the public list and detail page.
      await page.goto("/adventures");
      await expect(page.getByTestId("adventure-card").filter({ hasText: TITLE })).toBeVisible();

      // Edit: a new price shows on the detail page and in the booking total.
      await page.goto(`${PRO}/${SLUG}`);
      await expect(page.getByRole("heading", { name: `Edit: ${TITLE}` })).toBeVisible();
      await expect(row(page, TITLE).getByRole("link")).toHaveAttribute("aria-current", "page");
      await tab(page, "Pricing").click();
      await page.getByLabel("Base price").fill("123.45");
      await expect(page.getByLabel("Price display")).toHaveValue("From $123.45");
      await page.getByRole("button", { name: "Save Adventure" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();
      await expect(row(page, TITLE)).toContainText("$123.45");

      await page.goto(`/adventures/${SLUG}`);
      await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
      await expect(page.getByText("From $123.45").first()).toBeVisible();
      await page.goto(`/book?adventure=${SLUG}`);
      await page.getByLabel("Group Size").selectOption("3");
      await expect(page.getByTestId("booking-total")).toHaveText("$370.35");

      // Deactivate: gone from the list, the detail page redirects and booking is refused.
      await page.goto(`${PRO}/${SLUG}`);
      await page.getByRole("switch", { name: /Active/ }).uncheck();
      await page.getByRole("button", { name: "Save Adventure" }).click();
      await expect(page.getByText(SAVED)).toBeVisible();
      await page.goto("/adventures");
      await expect(page.getByTestId("adventure-card").first()).toBeVisible();
      await expect(page.getByTestId("adventure-card").filter({ hasText: TITLE })).toHaveCount(0);
      await page.goto(`/adventures/${SLUG}`);
      await expect(page).toHaveURL(/\/adventures$/);
      const booking = await request.post("/api/bookings", {
        data: {
          adventure_id: SLUG,
          customer_first_name: "Mia",
          customer_last_name: "Nguyen",
          customer_email: "mia@example.com",
          customer_phone: "",
          group_size: 1,
          selected_date: "2031-01-04",
          special_requirements: "",
        },
      });
      expect(booking.status()).toBe(400);
      expect(((await booking.json()) as { detail: string }).detail).toMatch(/not available for booking/);

      // Delete the one being edited: confirmation, message, editor cleared.
      await page.goto(`${PRO}/${SLUG}`);
      await expect(page.getByRole("heading", { name: `Edit: ${TITLE}` })).toBeVisible();
      await row(page, TITLE)
        .getByRole("button", { name: `Delete ${TITLE}` })
        .click();
      await confirmDialog(
        page,
        "Are you sure you want to delete this adventure? This action cannot be undone.",
      );
      await expect(page.getByText("Adventure deleted successfully")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${PRO}$`));
      await expect(page.getByText("Select an Adventure to Edit")).toBeVisible();
      await expect(page.getByRole("heading", { name: `Your Adventures (${countBefore})` })).toBeVisible();
      await expect(row(page, TITLE)).toHaveCount(0);
    } finally {
      // Whatever happened above, the adventure does not outlive the test.
      await adminApi(request, token, "DELETE", `/api/admin/adventures-pro/${SLUG}`);
    }
  });

  test("cancelling a delete keeps the adventure; a slug in use is refused with the server's message", async ({
    page,
    request,
  }) => {
    await loginPage(page, request);
    await openAdmin(page, `${PRO}?action=create`, "Adventures");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Dive Exhibition");
    await expect(page.getByLabel("Slug")).toHaveValue("dive-exhibition");
    await tab(page, "Pricing").click();
    await page.getByLabel("Base price").fill("10");
    await page.getByRole("button", { name: "Create Adventure" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: 'The slug "dive-exhibition" is already used' }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByText("Select an Adventure to Edit")).toBeVisible();

    await list(page).getByRole("button", { name: "Delete Discover Scuba Diving" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(
      "Are you sure you want to delete this adventure? This action cannot be undone.",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, "Discover Scuba Diving")).toBeVisible();
  });

  test("the first field in error is focused on its tab; the server's field errors show on their fields", async ({
    page,
    request,
  }) => {
    await loginPage(page, request);
    await openAdmin(page, `${PRO}?action=create`, "Adventures");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`E2E Focus ${run}`);
    const create = page.getByRole("button", { name: "Create Adventure" });
    await create.click();
    await expect(tab(page, "Pricing")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Base price")).toBeFocused();
    await expect(page.getByText("Please fix the highlighted field below.")).toBeVisible();

    // A refusal the form could not foresee: the server names the field. Nothing is stored.
    const detail = "group_size_max: Maximum group size must be at most 4";
    await page.route("**/api/admin/adventures-pro", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            json: { detail, errors: { group_size_max: "Maximum group size must be at most 4" } },
          })
        : route.fallback(),
    );
    await page.getByLabel("Base price").fill("10");
    await tab(page, "Basic Info").click();
    await create.click();
    await expect(page.getByRole("alert").filter({ hasText: detail })).toBeVisible();
    await expect(tab(page, "Pricing")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Maximum group size")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Maximum group size must be at most 4", { exact: true })).toBeVisible();
    // The summary speaks for the form's own checks only; the refusal has its notice.
    await expect(page.getByText(/Please fix/)).toHaveCount(0);
  });
});

test.describe("enhanced adventures management", () => {
  test("validates, creates, edits and deletes over the same catalogue", async ({ page, request }) => {
    const NAME = `E2E Harbour Snorkel ${run}`;
    const SLUG = `e2e-harbour-snorkel-${run}`;
    const token = await loginPage(page, request);
    try {
      await openAdmin(page, "/admin/adventures-enhanced", "Enhanced Adventures Management");
      const cards = page.getByTestId("enhanced-card");
      await expect(cards.first()).toBeVisible();
      const before = await cards.count();

      await page.getByRole("button", { name: "Add New Adventure" }).click();
      const form = page.getByRole("form", { name: "Add New Adventure" });
      for (const section of [
        "Basic Information",
        "Images and Media",
        "Adventure Details",
        "Features and Details",
        "Settings",
      ]) {
        await expect(form.getByRole("group", { name: section })).toBeVisible();
      }
      await form.getByRole("button", { name: "Create" }).click();
      for (const message of [
        "Slug is required",
        "Title is required",
        "Short description is required",
        "Full description is required",
        "Main image URL is required",
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await form.getByLabel("Title").fill(NAME);
      await expect(form.getByLabel("Slug")).toHaveValue(SLUG);
      await form.getByLabel("Short description").fill("Snorkel the harbour's sheltered coves");
      await form.getByLabel("Full description").fill("A calm snorkel among the seagrass at Chowder Bay.");
      await form.getByLabel("Main image URL").fill("harbour.jpg");
      await form.getByRole("button", { name: "Create" }).click();
      await expect(form.getByText(/Main image URL must be a URL/)).toBeVisible();
      await form.getByLabel("Main image URL").fill("/images/adventures/guided-shore-dive.webp");
      await form.getByLabel("Group size").fill("2-3 people");
      await form.getByLabel("Price", { exact: true }).fill("$75 per person");
      await form.getByLabel("Price (number)").fill("75.50");
      await form.getByLabel("Features").fill("Seagrass meadows, , Pipefish ,Hot chocolate");
      await form.getByLabel("Tags").fill("harbour, snorkel,");
      await form.getByLabel("Included").fill("Mask and snorkel\n\nWetsuit");
      await form.getByLabel("Itinerary").fill("9 AM meet\n11 AM finish\n");
      await form.getByLabel("Category").selectOption("snorkeling");
      await form.getByLabel("Sort order").fill("40");
      await form.getByRole("button", { name: "Create" }).click();
      await expect(form).toBeHidden();
      await expect(cards).toHaveCount(before + 1);
      const card = cards.filter({ hasText: NAME });
      await expect(card).toContainText("$75 per person");
      await expect(card).toContainText("2-3 people");

      const { body } = await adminApi<Record<string, unknown>[]>(
        request,
        token,
        "GET",
        "/api/admin/adventures-pro",
      );
      expect(body.find((a) => a.id === SLUG)).toMatchObject({
        highlights: ["Seagrass meadows", "Pipefish", "Hot chocolate"],
        tags: ["harbour", "snorkel"],
        included_items: ["Mask and snorkel", "Wetsuit"],
        itinerary: ["9 AM meet", "11 AM finish"],
        base_price: 75.5,
        group_size_min: 2,
        group_size_max: 3,
        sort_order: 40,
        category: "snorkeling",
      });
      await page.goto(`/adventures/${SLUG}`);
      await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();

      await page.goto("/admin/adventures-enhanced");
      await card.getByRole("button", { name: `Edit ${NAME}` }).click();
      const edit = page.getByRole("form", { name: "Edit adventure" });
      await expect(edit.getByLabel("Features")).toHaveValue("Seagrass meadows, Pipefish, Hot chocolate");
      await edit.getByLabel("Price (number)").fill("-5");
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(edit.getByText("Price (number) must be at least 0")).toBeVisible();
      await edit.getByLabel("Price (number)").fill("80");
      await edit.getByLabel("Price", { exact: true }).fill("$80 per person");
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(edit).toBeHidden();
      await expect(card).toContainText("$80 per person");

      await card.getByRole("button", { name: `Delete ${NAME}` }).click();
      await confirmDialog(page, "Are you sure you want to delete this adventure?");
      await expect(cards).toHaveCount(before);
      await expect(cards.filter({ hasText: NAME })).toHaveCount(0);
    } finally {
      await adminApi(request, token, "DELETE", `/api/admin/adventures-pro/${SLUG}`);
    }
  });
});

test.describe("legacy adventures", () => {
  test("shows the built-in catalogue; saving and deleting only give their notices", async ({
    page,
    request,
  }) => {
    await loginPage(page, request);
    await openAdmin(page, "/admin/adventures", "Legacy Adventures");
    await expect(page.getByText("These are the original built-in adventures")).toBeVisible();
    await expect(page.getByRole("link", { name: "Professional adventures manager" })).toHaveAttribute(
      "href",
      "/admin/adventures-pro",
    );
    const cards = page.getByTestId("legacy-card");
    await expect(cards).toHaveCount(9);
    const first = cards.filter({ hasText: "Discover Scuba Diving" });
    await expect(first).toContainText("Diving");
    await expect(first).toContainText("Beginner");

    await first.getByRole("button", { name: "Edit Discover Scuba Diving" }).click();
    const form = page.getByRole("form", { name: "Legacy adventure" });
    await expect(form.getByLabel("ID")).toHaveValue("dive-exhibition");
    await expect(form.getByLabel("Price number")).toHaveValue("95");
    await form.getByLabel("Title").fill("");
    await form.getByLabel("Duration").fill("");
    await form.getByLabel("Price number").fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await expect(form.getByText("Duration is required")).toBeVisible();
    await expect(form.getByText("Price number is required")).toBeVisible();
    await form.getByLabel("Title").fill("Changed Title");
    await form.getByLabel("Duration").fill("4 hours");
    await form.getByLabel("Price number").fill("99");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByText("Adventure saved successfully! (Note: This is using static data)", { exact: true }),
    ).toBeVisible();
    // Nothing persists.
    await expect(cards.filter({ hasText: "Changed Title" })).toHaveCount(0);

    await first.getByRole("button", { name: "Delete Discover Scuba Diving" }).click();
    await expect(page.getByText(/Deletion works once adventures are in the database/)).toBeVisible();
    await page.reload();
    await expect(cards).toHaveCount(9);
  });

  test("its notices stay until dismissed: nothing was stored, which the operator must read", async ({
    page,
    request,
  }) => {
    await loginPage(page, request);
    await page.clock.install();
    await openAdmin(page, "/admin/adventures", "Legacy Adventures");
    const SAVED = "Adventure saved successfully! (Note: This is using static data)";
    await page.getByRole("button", { name: "Edit Discover Scuba Diving" }).click();
    await page.getByRole("form", { name: "Legacy adventure" }).getByRole("button", { name: "Save" }).click();
    const notice = page.getByRole("status").filter({ hasText: SAVED });
    await expect(notice).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toBeHidden();

    await page.getByRole("button", { name: "Delete Discover Scuba Diving" }).click();
    const warning = page
      .getByRole("status")
      .filter({ hasText: /Deletion works once adventures are in the database/ });
    await expect(warning).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(warning).toBeVisible();
  });
});

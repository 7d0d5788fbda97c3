import { SEEDED_CONTACT_TYPES } from "../fixtures/site.ts";
import { expect, type Page, test } from "../fixtures/test";

const SUCCESS_TITLE = "Message Sent Successfully!";
const SUCCESS_TEXT = "Liam Carter will get back to you within 24 hours.";
const ERROR_TITLE = "Error Sending Message";
const ERROR_TEXT = "Please try again or contact us directly via WhatsApp.";

function fields(page: Page) {
  const form = page.getByRole("form", { name: "Contact form" });
  return {
    form,
    firstName: form.getByRole("textbox", { name: "First name", exact: true }),
    lastName: form.getByRole("textbox", { name: "Last name", exact: true }),
    email: form.getByRole("textbox", { name: "Email", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone (optional)" }),
    adventure: form.getByRole("combobox", { name: "Adventure type" }),
    message: form.getByRole("textbox", { name: "Message", exact: true }),
    send: form.getByRole("button", { name: /Send Message|Sending\.\.\./ }),
  };
}

async function fillValid(page: Page, message = "Can we book a guided shore dive for two next month?") {
  const f = fields(page);
  await f.firstName.fill("Maya");
  await f.lastName.fill("Nguyen");
  await f.email.fill("maya.nguyen@example.com");
  await f.phone.fill("+61 400 111 222");
  await f.adventure.selectOption("guided-shore-dive");
  await f.message.fill(message);
  return f;
}

test.describe("contact page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
    // The form takes over from the browser's own validation once hydrated.
    await expect(fields(page).form).toHaveAttribute("novalidate", "");
  });

  test("shows the contact details and the quick response box", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "hello@tidewaterdive.com.au" })).toHaveAttribute(
      "href",
      "mailto:hello@tidewaterdive.com.au",
    );
    await expect(main.getByRole("link", { name: "+61 491 570 156" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    await expect(main.getByText("Sydney NSW, servicing the coast from Sydney to Ulladulla")).toBeVisible();
    await expect(main.getByText("Daily 6:00 AM to 8:00 PM")).toBeVisible();
    await expect(main.getByRole("link", { name: "Instagram" })).toBeVisible();
    const quick = main.getByRole("region", { name: "Quick Response Information" });
    await expect(quick).toContainText("24 hours");
    await expect(quick).toContainText("2 to 4 hours");
  });

  test("offers exactly the spec's adventure types", async ({ page }) => {
    const values = await fields(page)
      .adventure.locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    // The active adventures in the catalogue's order, then custom and general.
    const catalogue = (await (await page.request.get("/api/adventures-pro")).json()) as { id: string }[];
    expect(values).toEqual([...catalogue.map((a) => a.id), "custom", "general"]);
    // On the seeded site these are the spec's options (another spec may have added an adventure).
    expect(values).toEqual(expect.arrayContaining(SEEDED_CONTACT_TYPES));
    await expect(fields(page).adventure.locator('option[value="custom"]')).toHaveText("Custom trip");
    await expect(fields(page).adventure.locator('option[value="general"]')).toHaveText("General question");
  });

  test("required fields are checked in the browser before anything is sent", async ({ page }) => {
    let posted = 0;
    page.on("request", (req) => {
      if (req.method() === "POST" && new URL(req.url()).pathname === "/api/contact") posted++;
    });
    const f = fields(page);
    await f.send.click();

    for (const [input, text] of [
      [f.firstName, "First name is required"],
      [f.lastName, "Last name is required"],
      [f.email, "Email is required"],
      [f.adventure, "Choose an adventure type from the list"],
      [f.message, "Message is required"],
    ] as const) {
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toHaveAccessibleDescription(text);
    }
    // Phone is optional.
    await expect(f.phone).not.toHaveAttribute("aria-invalid", "true");
    await expect(f.firstName).toBeFocused();

    await f.email.fill("not-an-email");
    await expect(f.email).toHaveAccessibleDescription("Enter a valid email address");
    await f.firstName.fill("Maya");
    await expect(f.firstName).not.toHaveAttribute("aria-invalid", "true");

    expect(posted).toBe(0);
    await expect(page.getByText(SUCCESS_TITLE)).toHaveCount(0);
  });

  test("sends the message, shows the success state and clears the form", async ({ page }) => {
    const f = await fillValid(page);
    const answer = page.waitForResponse(
      (res) => new URL(res.url()).pathname === "/api/contact" && res.request().method() === "POST",
    );
    await f.send.click();
    const res = await answer;

    expect(res.request().postDataJSON()).toEqual({
      first_name: "Maya",
      last_name: "Nguyen",
      email: "maya.nguyen@example.com",
      phone: "+61 400 111 222",
      adventure_type: "guided-shore-dive",
      message: "Can we book a guided shore dive for two next month?",
    });
    // The server stored it: 201 with the new message's id.
    expect(res.status()).toBe(201);
    expect((await res.json()).id).toEqual(expect.any(String));

    const status = page.getByRole("status").filter({ hasText: SUCCESS_TITLE });
    await expect(status.getByRole("heading", { name: SUCCESS_TITLE })).toBeVisible();
    await expect(status.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();

    for (const input of [f.firstName, f.lastName, f.email, f.phone, f.message])
      await expect(input).toHaveValue("");
    await expect(f.adventure).toHaveValue("");
    await expect(page.getByText(ERROR_TITLE)).toHaveCount(0);
  });

  test("shows 'Sending...' and disables the button while the message is on its way", async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/contact", async (route) => {
      await gate;
      await route.fulfill({
        status: 201,
        contentType: "application/json",
        body: '{"success":true,"id":"x"}',
      });
    });
    const f = await fillValid(page);
    await f.send.click();
    await expect(f.send).toHaveText("Sending...");
    await expect(f.send).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: SUCCESS_TITLE })).toBeVisible();
    await expect(f.send).toHaveText("Send Message");
    await expect(f.send).toBeEnabled();
  });

  test("a server error shows the error state and keeps what was typed", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"boom"}' }),
    );
    const f = await fillValid(page, "Server error case");
    await f.send.click();

    const alert = page.getByRole("alert").filter({ hasText: ERROR_TITLE });
    await expect(alert.getByRole("heading", { name: ERROR_TITLE })).toBeVisible();
    await expect(alert.getByText(ERROR_TEXT, { exact: true })).toBeVisible();
    await expect(alert.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    await expect(f.message).toHaveValue("Server error case");
    await expect(page.getByText(SUCCESS_TITLE)).toHaveCount(0);
  });

  test("a network failure shows the error state", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.abort("failed"));
    const f = await fillValid(page);
    await f.send.click();
    await expect(page.getByRole("heading", { name: ERROR_TITLE })).toBeVisible();
    await expect(page.getByText(ERROR_TEXT, { exact: true })).toBeVisible();
    await expect(f.send).toBeEnabled();
  });

  test("field messages from a 400 answer are shown next to their fields", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          detail: "Invalid input",
          errors: { email: "This address cannot receive email" },
        }),
      }),
    );
    const f = await fillValid(page);
    await f.send.click();
    await expect(page.getByRole("heading", { name: ERROR_TITLE })).toBeVisible();
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveAccessibleDescription("This address cannot receive email");
  });
});

test.describe("adventure preselection", () => {
  test("?adventure=<id> preselects a listed adventure type", async ({ page }) => {
    await page.goto("/contact?adventure=night-dive-experience");
    await expect(fields(page).adventure).toHaveValue("night-dive-experience");
    await expect(fields(page).adventure.locator("option:checked")).toHaveText("Night Dive Experience");
  });

  test("an unknown ?adventure= value selects nothing", async ({ page }) => {
    await page.goto("/contact?adventure=skydiving");
    await expect(fields(page).adventure).toHaveValue("");
  });
});

import { adminApi, adminToken } from "../fixtures/admin-session";
import { SEEDED_CONTACT_TYPES } from "../fixtures/site.ts";
import { expect, type Page, test } from "../fixtures/test";

const SUCCESS_TITLE = "Message Sent Successfully!";
const SUCCESS_TEXT = "Liam Carter will get back to you within 24 hours.";
const ERROR_TITLE = "Error Sending Message";

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
  test("the contact details, the adventure types, a message sent and stored, and ?adventure= preselection", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();

    await test.step("shows the contact details and the quick response box", async () => {
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

    await test.step("offers exactly the spec's adventure types", async () => {
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

    await test.step("sends the message, shows the success state and clears the form", async () => {
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
      // The server stored it: 201 with the new message's id, which the operator's list holds.
      expect(res.status()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const stored = await adminApi<{ id: string; message: string }[]>(
        page.request,
        await adminToken(page.request),
        "GET",
        "/api/contact",
      );
      expect(stored.body.find((m) => m.id === id)?.message).toBe(
        "Can we book a guided shore dive for two next month?",
      );

      const status = page.getByRole("status").filter({ hasText: SUCCESS_TITLE });
      await expect(status.getByRole("heading", { name: SUCCESS_TITLE })).toBeVisible();
      await expect(status.getByText(SUCCESS_TEXT, { exact: true })).toBeVisible();

      for (const input of [f.firstName, f.lastName, f.email, f.phone, f.message])
        await expect(input).toHaveValue("");
      await expect(f.adventure).toHaveValue("");
      await expect(page.getByText(ERROR_TITLE)).toHaveCount(0);
    });

    await test.step("?adventure=<id> preselects a listed adventure type", async () => {
      await page.goto("/contact?adventure=night-dive-experience");
      await expect(fields(page).adventure).toHaveValue("night-dive-experience");
      await expect(fields(page).adventure.locator("option:checked")).toHaveText("Night Dive Experience");
    });

    await test.step("an unknown ?adventure= value selects nothing", async () => {
      await page.goto("/contact?adventure=skydiving");
      await expect(fields(page).adventure).toHaveValue("");
    });
  });
});

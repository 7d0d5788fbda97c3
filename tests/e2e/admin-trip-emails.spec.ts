import { type APIRequestContext, expect, test } from "../fixtures/test";
import { adminToken, bearer, signIn } from "../helpers/e2e-api";
import { seriousViolations } from "../helpers/page-checks";

interface Template {
  kind: "reminder" | "thank_you";
  built_in: { subject: string; body: string };
}

/** Puts both emails back to their built-in text, switched on. */
async function restore(request: APIRequestContext, token: string) {
  const res = await request.get("/api/admin/email-templates", { headers: bearer(token) });
  const { templates } = (await res.json()) as { templates: Template[] };
  for (const t of templates) {
    const put = await request.put("/api/admin/email-templates", {
      headers: bearer(token),
      data: { kind: t.kind, ...t.built_in, enabled: true },
    });
    expect(put.status()).toBe(200);
  }
}

test("the operator edits the reminder with a live preview and switches the thank-you off", async ({
  page,
  request,
}) => {
  // Many steps, each waiting on a server round trip (previews, saves, a reload, an accessibility scan).
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await restore(request, token);
  await signIn(page, token);
  try {
    await page.goto("/admin/pro-dashboard");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trip emails" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Trip emails" })).toBeVisible();

    const reminder = page.getByRole("form", { name: "Trip reminder" });
    const thanks = page.getByRole("form", { name: "Thank-you and review request" });
    const reminderPreview = page.getByTestId("trip-email-preview-reminder");
    await expect(reminderPreview.getByTestId("preview-subject")).toHaveText(/^See you soon: /);

    // The subject and a line of the text change; the preview follows, rendered by the server.
    await reminder.getByLabel("Subject").fill("{first_name}, your {adventure} is in two days");
    const body = reminder.getByLabel("Text");
    await body.fill(`${await body.inputValue()}\n\nPS: bring <snacks> & a smile!`);
    await expect(reminderPreview.getByTestId("preview-subject")).toHaveText(
      "Alex, your Discover Scuba Diving is in two days",
    );
    const frame = page.frameLocator('iframe[title="Trip reminder: preview"]');
    await expect(frame.getByText("PS: bring <snacks> & a smile!")).toBeVisible();

    // An unknown placeholder: no preview, and saving names the field.
    await reminder.getByLabel("Subject").fill("Hi {firstname}");
    await expect(reminderPreview).toContainText("Unknown placeholder {firstname}");
    await reminder.getByRole("button", { name: "Save" }).click();
    await expect(reminder.getByText(/Unknown placeholder \{firstname\}/).first()).toBeVisible();
    await reminder.getByLabel("Subject").fill("{first_name}, your {adventure} is in two days");
    await expect(reminderPreview.getByTestId("preview-subject")).toHaveText(
      "Alex, your Discover Scuba Diving is in two days",
    );
    await reminder.getByRole("button", { name: "Save" }).click();
    await expect(reminder.getByRole("status")).toContainText("Trip reminder saved.");

    await thanks.getByRole("switch", { name: /Send this email/ }).uncheck();
    await thanks.getByRole("button", { name: "Save" }).click();
    await expect(thanks.getByRole("status")).toContainText("It is switched off and will not be sent.");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Trip emails" })).toBeVisible();
    await expect(reminder.getByLabel("Subject")).toHaveValue("{first_name}, your {adventure} is in two days");
    await expect(reminder.getByLabel("Text")).toHaveValue(/PS: bring <snacks> & a smile!$/);
    await expect(reminder.getByRole("switch", { name: /Send this email/ })).toBeChecked();
    await expect(thanks.getByRole("switch", { name: /Send this email/ })).not.toBeChecked();

    // Reset brings the built-in text back into the form (saved only on Save).
    await reminder.getByRole("button", { name: "Reset to built-in text" }).click();
    await expect(reminder.getByLabel("Subject")).toHaveValue("See you soon: {adventure} on {date}");
    await expect(reminderPreview.getByTestId("preview-subject")).toHaveText(
      /^See you soon: Discover Scuba Diving/,
    );

    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await restore(request, token);
  }
});

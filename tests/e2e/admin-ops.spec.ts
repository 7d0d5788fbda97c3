import { readFileSync } from "node:fs";
import { E2E_ADMIN_PASSWORD, E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { addDays, sydneyToday } from "../helpers/e2e-api";
import { subscribeConfirmed } from "../helpers/e2e-newsletter";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Signs in the way the login screen does: the token in localStorage. */
async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const token = await apiToken(request);
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), token);
  return token;
}

test("login: a wrong password shows the server's detail; the right one opens the console; logout revokes it", async ({
  page,
  request,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/pro-dashboard$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const password = page.getByLabel("Password");
  await expect(password).toHaveAttribute("required", "");
  await password.fill("definitely-wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Invalid password");

  await password.fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /welcome to your dashboard/ })).toBeVisible();
  await expect(page.getByTestId("admin-role")).toHaveText("Administrator");
  const nav = page.getByRole("navigation", { name: "Admin" });
  // The spec's 15 entries, Trips, New booking, the four dive operations screens, Trip emails, the
  // email log, Schedules, Gear hire, Invoices, Promo codes, Settings, Staff, the Audit log and Your
  // sign-in, the daily screens first.
  await expect(nav.getByRole("link")).toHaveCount(31);
  await expect(nav.getByRole("heading")).toHaveText(["Today", "Sales", "Website", "Set-up"]);
  await expect(page.getByText("Total Bookings")).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem("admin_token"));
  expect(token).toBeTruthy();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem("admin_token"))).toBeNull();
  const after = await request.get("/api/bookings", { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  // The quick-action targets are never dead ends.
  await page.goto("/admin/bookings-pro");
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("bookings: mark a booking completed, then cancel it", async ({ page, request }) => {
  const email = unique("guest");
  const dates = (await (await request.get("/api/adventures/guided-shore-dive/dates")).json()) as {
    date: string;
    available: boolean;
  }[];
  const date = dates.find((d) => d.available)?.date as string;
  const created = await request.post("/api/bookings", {
    data: {
      adventure_id: "guided-shore-dive",
      customer_first_name: "Harper",
      customer_last_name: "Status",
      customer_email: email,
      customer_phone: "0400 000 111",
      group_size: 1,
      selected_date: date,
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page, request);
  await page.goto("/admin/bookings");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByTestId("booking-row").filter({ hasText: email }).locator("visible=true");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pending payment");

  await row.getByRole("button", { name: "Mark completed" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("as completed?");
  await dialog.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByText(/marked completed\./)).toBeVisible();
  await expect(row).toContainText("Completed");

  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toContainText("No payment was taken, so there is nothing to refund.");
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText(/cancelled\.$/)).toBeVisible();
  await expect(row).toContainText("Cancelled");
  await expect(row).toContainText("No actions");
});

test("contacts: a reply is shown read-only and arrives at the sender's inbox", async ({ page, request }) => {
  const email = unique("asker");
  // A name of this run: an earlier run's message from "Quinn Asker" may still be listed.
  const name = `Quinn Asker${Date.now().toString(36)}`;
  const sent = await request.post("/api/contact", {
    data: {
      first_name: "Quinn",
      last_name: name.slice("Quinn ".length),
      email,
      adventure_type: "general",
      message: "Can I bring my own regulator?",
    },
  });
  expect(sent.status()).toBe(201);

  await signIn(page, request);
  await page.goto("/admin/contacts");
  await page.getByTestId("message-item").filter({ hasText: name }).click();
  const send = page.getByRole("button", { name: "Send Response" });
  await expect(send).toBeDisabled();
  await page.getByLabel("Reply", { exact: true }).fill("   ");
  await expect(send).toBeDisabled();
  await page
    .getByLabel("Reply", { exact: true })
    .fill("Yes, as long as it has been serviced in the last year.");
  await send.click();
  await expect(page.getByText("Response sent successfully!")).toBeVisible();
  const shown = page.getByTestId("sent-response");
  await expect(shown).toContainText("Yes, as long as it has been serviced in the last year.");
  await expect(shown).toContainText(/Responded \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(page.getByLabel("Reply", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("message-item").filter({ hasText: name })).toContainText("Responded");

  const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Re: your message"));
  expect(plainText(mail.raw)).toContain("serviced in the last year");
});

test("newsletter: unsubscribe, reactivate and export the active emails; a pending sign-up stands apart", async ({
  page,
  request,
}) => {
  // Many steps, each a server round trip: two sign-ups confirmed by email, filters, three status changes.
  test.setTimeout(120_000);
  const keep = unique("reader");
  const leave = unique("leaver");
  const waiting = unique("waiting");
  // Active subscribers sign up and confirm from the email (double opt-in); one sign-up is left unconfirmed.
  for (const email of [keep, leave]) await subscribeConfirmed(request, sink, email);
  expect((await request.post("/api/newsletter/subscribe", { data: { email: waiting } })).status()).toBe(200);
  await signIn(page, request);
  await page.goto("/admin/newsletter");
  const keepRow = page.getByTestId("subscriber-row").filter({ hasText: keep });
  const leaveRow = page.getByTestId("subscriber-row").filter({ hasText: leave });
  const waitingRow = page.getByTestId("subscriber-row").filter({ hasText: waiting });

  // Pending: marked so, with no action; the "Pending confirmation" filter shows it alone of these.
  await expect(waitingRow).toContainText("Pending");
  await expect(waitingRow).toContainText("Not confirmed yet");
  await expect(waitingRow.getByRole("button")).toHaveCount(0);
  await page.getByLabel("Show").selectOption("pending");
  await expect(waitingRow).toBeVisible();
  await expect(keepRow).toHaveCount(0);
  await page.getByLabel("Show").selectOption("all");

  await keepRow.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(keepRow.getByRole("button", { name: "Reactivate" })).toBeVisible();
  await expect(keepRow).toContainText("Unsubscribed");
  await keepRow.getByRole("button", { name: "Reactivate" }).click();
  await expect(keepRow.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await leaveRow.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(leaveRow.getByRole("button", { name: "Reactivate" })).toBeVisible();

  await page.getByLabel("Show").selectOption("unsubscribed");
  await expect(leaveRow).toBeVisible();
  await expect(keepRow).toHaveCount(0);
  await page.getByLabel("Show").selectOption("all");

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export active emails" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = readFileSync(await download.path(), "utf8");
  const lines = text.trim().split("\n");
  expect(lines).toContain(keep);
  expect(lines).not.toContain(leave);
  expect(lines).not.toContain(waiting);
  expect(lines.every((l) => /^[^\s@]+@[^\s@]+$/.test(l))).toBe(true);
});

test("availability: add, edit, close, reopen and delete a date; the booking page's date list follows", async ({
  page,
  request,
}) => {
  const adventure = "guided-shore-dive";
  const token = await signIn(page, request);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  type Entry = { id: string; date: string };
  const entries = async () =>
    ((await (await request.get(`/api/admin/availability/${adventure}`, auth)).json()) as { dates: Entry[] })
      .dates;
  // A weekday in the next weeks that has no entry yet (the seed only publishes weekends;
  // an earlier run's date is skipped even if that run could not clean up).
  const taken = new Set((await entries()).map((e) => e.date));
  let date = addDays(sydneyToday(), 2);
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) || taken.has(date))
    date = addDays(date, 1);

  try {
    await page.goto("/admin/calendar");
    const submit = page.getByRole("button", { name: "Add Availability" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Adventure").selectOption(adventure);
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel("Available spots")).toHaveValue("6");
    await expect(page.getByLabel("Available for booking")).toBeChecked();
    await expect(page.getByLabel("Weather dependent")).toBeChecked();
    await page.getByLabel("Date").fill(date);
    await page.getByLabel("Available spots").fill("5");
    await page.getByLabel("Notes").fill("Midweek special");
    await submit.click();
    await expect(page.getByText(/Availability added for/)).toBeVisible();

    const item = page.locator(`[data-testid=upcoming-item][data-date="${date}"]`);
    await expect(item.getByTestId("spots")).toHaveText("5/5");
    await expect(item).toContainText("Midweek special");

    // The same date again: the server's detail is shown.
    await page.getByLabel("Date").fill(date);
    await submit.click();
    await expect(page.getByText(/already exists for this adventure/)).toBeVisible();

    const book = await page.context().newPage();
    await book.goto(`/book?adventure=${adventure}`);
    await expect(book.locator(`select[name=selectedDate] option[value="${date}"]`)).toContainText(
      "5 spots left",
    );

    // Spots are edited in a dialog (the spec's prompt, with a message where it was silent).
    const editor = page.getByRole("dialog", { name: "Edit spots" });
    await item.getByRole("button", { name: /Edit spots/ }).click();
    await expect(editor).toContainText(`Available spots for`);
    await editor.getByLabel("Available spots").fill("7");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor).toBeHidden();
    await expect(item.getByTestId("spots")).toHaveText("7/7");
    await book.reload();
    await expect(book.locator(`select[name=selectedDate] option[value="${date}"]`)).toContainText(
      "7 spots left",
    );

    // Only numbers are accepted, and the dialog says so.
    await item.getByRole("button", { name: /Edit spots/ }).click();
    await editor.getByLabel("Available spots").fill("lots");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor.getByLabel("Available spots")).toHaveAccessibleDescription(
      "Available spots must be a number",
    );
    await editor.getByRole("button", { name: "Cancel" }).click();
    await expect(item.getByTestId("spots")).toHaveText("7/7");

    // Closed with a reason, then open again.
    await item.getByRole("button", { name: /^Close / }).click();
    const closer = page.getByRole("dialog", { name: /^Close / });
    await closer.getByLabel("Reason (for the team)").fill("Boat in for service");
    await closer.getByRole("button", { name: "Close date" }).click();
    await expect(item).toContainText("Unavailable");
    await expect(item).toContainText("Boat in for service");
    await item.getByRole("button", { name: /^Reopen / }).click();
    await expect(page.getByText(/is open for booking again/)).toBeVisible();
    await expect(item.getByTestId("spots")).toHaveText("7/7");

    await item.getByRole("button", { name: /Delete/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Are you sure you want to delete this availability?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(item).toHaveCount(0);
    await book.reload();
    await expect(book.locator("select[name=selectedDate]")).toBeVisible();
    await expect(book.locator(`select[name=selectedDate] option[value="${date}"]`)).toHaveCount(0);
  } finally {
    for (const e of (await entries()).filter((x) => x.date === date))
      await request.delete(`/api/admin/availability/${e.id}`, auth);
  }
});

test("at 375 px the side navigation is a drawer", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, request);
  await page.goto("/admin/pro-dashboard");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Newsletter" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
  await expect(nav).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
});

import { formatDateAU } from "../../app/lib/dates";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { adminApi, confirmDialog, loginPage, openAdmin } from "../fixtures/admin-session";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { lastCopied, recordCopies } from "../helpers/clipboard";
import { addDays, sydneyToday } from "../helpers/e2e-api";
import { subscribeConfirmed } from "../helpers/e2e-newsletter";
import { startSmtpSink } from "../helpers/smtp";

/**
 * The notices the admin screens show after a write, by the page's own clock: a success
 * notice stays for 3 seconds and then clears itself; an error notice stays until the next
 * action. The media library's copy button says "Copied" for 2 seconds.
 *
 * Every test installs Playwright's fake clock before the page loads and stops it just
 * before the write, so the notice's timer starts at a known moment and the test moves the
 * time itself. Failures come from the server's answer being replaced with a 500, as a
 * failing server would send, for the write's own address only.
 *
 * Each test creates what it writes to, under a name of this run, and removes it in its
 * finally block.
 */
const run = Date.now().toString(36);
const SERVER_FAULT = { status: 500, json: { detail: "Database unavailable" } };

/** Stops the page's clock a second on from now; from then on it moves only when the test runs it. */
async function stopClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/**
 * Lets the page finish what React queued (effects, which may be where a timer is set)
 * before the test moves the clock. React queues that work as posted messages, handled in
 * order, so a message posted after them arrives once it is done.
 */
async function settle(page: Page) {
  for (let i = 0; i < 2; i++)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
}

/** The success notice is shown, still shown 1 ms before 3 seconds, and gone at 3 seconds. */
async function successClearsAfterThreeSeconds(page: Page, text: string) {
  const notice = page.getByText(text, { exact: true });
  await expect(notice).toBeVisible();
  await settle(page);
  await page.clock.runFor(2_999);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1);
  await expect(notice).toBeHidden();
}

/** The error notice is shown and is still there well after a success notice would have gone. */
async function errorStays(page: Page, text: string) {
  const notice = page.getByText(text, { exact: true });
  await expect(notice).toBeVisible();
  await settle(page);
  await page.clock.runFor(10_000);
  await expect(notice).toBeVisible();
}

/** Until `stop()`, every `method` call to `url` answers with a server fault. */
async function serverFails(page: Page, method: string, url: string) {
  const handler = (route: Parameters<Parameters<Page["route"]>[1]>[0]) =>
    route.request().method() === method ? route.fulfill(SERVER_FAULT) : route.fallback();
  await page.route(url, handler);
  return { stop: () => page.unroute(url, handler) };
}

/** Deletes, through the admin API, every item of `list` whose `field` is `value`. */
async function removeAll(
  request: APIRequestContext,
  token: string,
  list: "gallery" | "testimonials" | "faqs",
  field: string,
  value: string,
) {
  const { body } = await adminApi<Record<string, unknown>[]>(request, token, "GET", `/api/admin/${list}`);
  for (const item of body.filter((i) => i[field] === value))
    await adminApi(request, token, "DELETE", `/api/admin/${list}/${item.id}`);
}

test.describe("a success notice clears itself after 3 seconds; an error notice stays", () => {
  test("FAQs: adding a question", async ({ page, request }) => {
    const QUESTION = `E2E ${run}: Is the water cold in winter?`;
    const token = await loginPage(page, request);
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/faqs", "FAQs");
      const form = page.getByRole("form", { name: "Add a question" });
      await form.getByLabel("Category").selectOption("Weather & Conditions");
      await form.getByLabel("Question").fill(QUESTION);
      await form.getByLabel("Answer").fill("About 17 degrees: a 7 mm wetsuit keeps you warm.");
      await stopClock(page);

      const fault = await serverFails(page, "POST", "**/api/admin/faqs");
      await form.getByRole("button", { name: "Add FAQ" }).click();
      await errorStays(page, "Failed to add FAQ");
      await fault.stop();

      await form.getByRole("button", { name: "Add FAQ" }).click();
      await successClearsAfterThreeSeconds(page, "FAQ added.");
      await expect(page.getByText(QUESTION)).toBeVisible();
    } finally {
      await removeAll(request, token, "faqs", "question", QUESTION);
    }
  });

  test("testimonials: adding a review", async ({ page, request }) => {
    const NAME = `E2E Notice Reviewer ${run}`;
    const token = await loginPage(page, request);
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/testimonials", "Testimonials");
      const form = page.getByRole("form", { name: "Add a review" });
      await form.getByLabel("Customer name").fill(NAME);
      await form.getByLabel("Location").fill("Hobart, TAS");
      await form.getByLabel("Adventure").selectOption({ label: "Night Dive Experience" });
      await form.getByLabel("Review").fill("Calm, clear and full of octopus.");
      await stopClock(page);

      const fault = await serverFails(page, "POST", "**/api/admin/testimonials");
      await form.getByRole("button", { name: "Add review" }).click();
      await errorStays(page, "Failed to add testimonial");
      await fault.stop();

      await form.getByRole("button", { name: "Add review" }).click();
      await successClearsAfterThreeSeconds(page, `Review from ${NAME} added.`);
    } finally {
      await removeAll(request, token, "testimonials", "customer_name", NAME);
    }
  });

  test("gallery: adding a photo", async ({ page, request }) => {
    const TITLE = `E2E Notice Nudibranch ${run}`;
    const token = await loginPage(page, request);
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/gallery", "Gallery");
      const form = page.getByRole("form", { name: "Add a photo" });
      await form.getByRole("textbox", { name: "Title" }).fill(TITLE);
      await form.getByLabel("Category").selectOption("diving");
      await form.getByRole("textbox", { name: "Image URL" }).fill("/images/gallery/g02.webp");
      await stopClock(page);

      const fault = await serverFails(page, "POST", "**/api/admin/gallery");
      await form.getByRole("button", { name: "Add to gallery" }).click();
      await errorStays(page, "Failed to add gallery image");
      await fault.stop();

      await form.getByRole("button", { name: "Add to gallery" }).click();
      await successClearsAfterThreeSeconds(page, `"${TITLE}" added to the gallery.`);
    } finally {
      await removeAll(request, token, "gallery", "title", TITLE);
    }
  });

  test("content sections: adding a section (the server's refusal of a taken name stays)", async ({
    page,
    request,
  }) => {
    const TAKEN = `e2e_notice_taken_${run}`;
    const NAME = `e2e_notice_${run}`;
    const token = await loginPage(page, request);
    const taken = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/content", {
      page: "faq",
      section: TAKEN,
      type: "text",
      content: "Already here",
    });
    expect(taken.status).toBe(201);
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/content?page=faq", "Content Sections");
      await expect(page.getByRole("heading", { name: /FAQ sections/ })).toBeVisible();
      await page.getByRole("button", { name: "Add section" }).click();
      const form = page.getByRole("form", { name: "Add a section" });
      await form.getByLabel("Section name").fill(TAKEN);
      await form.getByLabel("Content").fill("Winter dives run every weekend.");
      await stopClock(page);

      // A real refusal: (page, section) is unique.
      await form.getByRole("button", { name: "Add section" }).click();
      await errorStays(
        page,
        `Failed to create content: The faq page already has a section named "${TAKEN}". Edit that one instead.`,
      );

      await form.getByLabel("Section name").fill(NAME);
      await form.getByRole("button", { name: "Add section" }).click();
      await successClearsAfterThreeSeconds(page, `"${NAME}" added.`);
    } finally {
      const { body } = await adminApi<{ id: string; page: string; section: string }[]>(
        request,
        token,
        "GET",
        "/api/admin/content",
      );
      for (const s of body.filter((s) => s.page === "faq" && [TAKEN, NAME].includes(s.section)))
        await adminApi(request, token, "DELETE", `/api/admin/content/${s.id}`);
    }
  });

  test("settings: saving the contact details", async ({ page, request }) => {
    const token = await loginPage(page, request);
    type Editable = Record<
      "notification_email" | "contact_email" | "contact_phone" | "contact_whatsapp",
      string
    >;
    const { body: before } = await adminApi<Editable>(request, token, "GET", "/api/admin/settings");
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/settings-pro", "Settings");
      await expect(page.getByLabel("Contact email")).toHaveValue(before.contact_email);
      await stopClock(page);

      const fault = await serverFails(page, "PUT", "**/api/admin/settings");
      await page.getByRole("button", { name: "Save settings" }).click();
      await errorStays(page, "Failed to save settings: Database unavailable");
      await fault.stop();

      // Saved unchanged: the write is real, the site's details stay as they were.
      await page.getByRole("button", { name: "Save settings" }).click();
      await successClearsAfterThreeSeconds(
        page,
        "Settings saved. The website shows the new contact details straight away.",
      );
    } finally {
      await adminApi(request, token, "PUT", "/api/admin/settings", {
        notification_email: before.notification_email,
        contact_email: before.contact_email,
        contact_phone: before.contact_phone,
        contact_whatsapp: before.contact_whatsapp,
      });
    }
  });

  test("newsletter: unsubscribing a subscriber", async ({ page, request }) => {
    const email = `notice-${run}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const token = await loginPage(page, request);
    // An active subscriber: signed up and confirmed from the email (double opt-in).
    const sink = await startSmtpSink(E2E_SMTP_PORT);
    try {
      await subscribeConfirmed(request, sink, email);
    } finally {
      await sink.close();
    }
    await page.clock.install();
    // No subscriber is ever deleted: this test's address is left unsubscribed.
    await openAdmin(page, "/admin/newsletter", "Newsletter");
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await stopClock(page);

    const fault = await serverFails(page, "PUT", "**/api/admin/newsletter/subscribers/*");
    await row.getByRole("button", { name: "Unsubscribe" }).click();
    await errorStays(page, "Failed to update subscriber status");
    await fault.stop();

    await row.getByRole("button", { name: "Unsubscribe" }).click();
    await successClearsAfterThreeSeconds(page, `${email} unsubscribed.`);
    const { body } = await adminApi<{ email: string; status: string }[]>(
      request,
      token,
      "GET",
      "/api/admin/newsletter/subscribers",
    );
    expect(body.find((s) => s.email === email)?.status).toBe("unsubscribed");
  });

  test("contact messages: sending a reply", async ({ page, request }) => {
    // A name of this run, so an earlier run's message is never the one opened.
    const last = `Notice${run}`;
    const email = `notice-${run}@example.com`;
    const token = await loginPage(page, request);
    const sent = await request.post("/api/contact", {
      data: {
        first_name: "Robin",
        last_name: last,
        email,
        adventure_type: "general",
        message: "Do you rent torches for the night dive?",
      },
    });
    expect(sent.status()).toBe(201);
    await page.clock.install();
    // Contact messages are kept: the operator's inbox is their record.
    await openAdmin(page, "/admin/contacts", "Contact Messages");
    await page
      .getByRole("list", { name: "Messages" })
      .getByRole("button", { name: new RegExp(`Robin ${last}`) })
      .click();
    await page.getByLabel("Reply", { exact: true }).fill("Yes, torches are included in the price.");
    await stopClock(page);

    const fault = await serverFails(page, "POST", "**/api/admin/contact/*/respond");
    await page.getByRole("button", { name: "Send Response" }).click();
    await errorStays(page, "Failed to send response");
    await fault.stop();

    await page.getByRole("button", { name: "Send Response" }).click();
    await successClearsAfterThreeSeconds(page, "Response sent successfully!");
    const { body } = await adminApi<{ email: string; response?: { response: string } | null }[]>(
      request,
      token,
      "GET",
      "/api/contact",
    );
    expect(body.find((m) => m.email === email)?.response?.response).toBe(
      "Yes, torches are included in the price.",
    );
  });

  test("availability calendar: adding a date (the server's refusal of a taken date stays)", async ({
    page,
    request,
  }) => {
    const adventure = "guided-shore-dive";
    const token = await loginPage(page, request);
    type Entry = { id: string; date: string };
    const entries = async () =>
      (await adminApi<{ dates: Entry[] }>(request, token, "GET", `/api/admin/availability/${adventure}`)).body
        .dates;
    // Two free weekdays in the coming weeks (the seed publishes weekends only; a date an
    // earlier run could not clean up is skipped).
    const taken = new Set((await entries()).map((e) => e.date));
    const free: string[] = [];
    for (let date = addDays(sydneyToday(), 3); free.length < 2; date = addDays(date, 1))
      if (![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) && !taken.has(date)) free.push(date);
    const [first, second] = free;
    const existing = await adminApi(request, token, "POST", "/api/admin/availability", {
      adventure_id: adventure,
      date: first,
      available_spots: 4,
    });
    expect(existing.status).toBe(201);
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/calendar", "Availability Calendar");
      await page.getByLabel("Adventure").selectOption(adventure);
      await page.getByLabel("Date").fill(first);
      await stopClock(page);

      // A real refusal: one entry per adventure and date.
      await page.getByRole("button", { name: "Add Availability" }).click();
      await errorStays(page, `Availability for ${formatDateAU(first)} already exists for this adventure.`);

      await page.getByLabel("Date").fill(second);
      await page.getByRole("button", { name: "Add Availability" }).click();
      await successClearsAfterThreeSeconds(page, `Availability added for ${formatDateAU(second)}.`);
    } finally {
      for (const e of (await entries()).filter((e) => e.date === first || e.date === second))
        await adminApi(request, token, "DELETE", `/api/admin/availability/${e.id}`);
    }
  });

  test("professional adventures: deleting an adventure", async ({ page, request }) => {
    const TITLE = `E2E Notice Cuttlefish ${run}`;
    const SLUG = `e2e-notice-cuttlefish-${run}`;
    const token = await loginPage(page, request);
    const created = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/adventures-pro", {
      title: TITLE,
      slug: SLUG,
      base_price: 95,
      duration: "2 hours",
      group_size_min: 1,
      group_size_max: 2,
    });
    expect(created.status).toBe(201);
    await page.clock.install();
    try {
      await openAdmin(page, "/admin/adventures-pro", "Adventures");
      const remove = page.getByRole("button", { name: `Delete ${TITLE}` });
      const confirmDelete = async () => {
        await remove.click();
        await confirmDialog(
          page,
          "Are you sure you want to delete this adventure? This action cannot be undone.",
        );
      };
      await expect(remove).toBeVisible();
      await stopClock(page);

      const fault = await serverFails(page, "DELETE", "**/api/admin/adventures-pro/*");
      await confirmDelete();
      await errorStays(page, "Failed to delete adventure");
      await fault.stop();

      await confirmDelete();
      await successClearsAfterThreeSeconds(page, "Adventure deleted successfully");
      await expect(remove).toHaveCount(0);
    } finally {
      await adminApi(request, token, "DELETE", `/api/admin/adventures-pro/${created.body.id}`);
    }
  });
});

test("media library: Copy URL says Copied for 2 seconds, then Copy URL again", async ({ page, request }) => {
  const NAME = `e2e-notice-copy-${run}.webp`;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const token = await loginPage(page, request);
  const created = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/media", {
    url: "/images/gallery/g02.webp",
    filename: NAME,
    original_name: NAME,
    file_type: "image",
  });
  expect(created.status).toBe(201);
  await page.clock.install();
  try {
    await openAdmin(page, "/admin/media", "Media Library");
    const card = page
      .getByRole("list", { name: "Media files" })
      .getByRole("listitem")
      .filter({ hasText: NAME });
    await expect(card).toBeVisible();
    await stopClock(page);

    await recordCopies(page);
    await card.getByRole("button", { name: "Copy URL" }).click();
    const copied = card.getByRole("button", { name: "Copied" });
    await expect(copied).toBeVisible();
    expect(await lastCopied(page)).toBe(new URL("/images/gallery/g02.webp", page.url()).href);
    await settle(page);
    await page.clock.runFor(1_999);
    await expect(copied).toBeVisible();
    await page.clock.runFor(1);
    await expect(card.getByRole("button", { name: "Copy URL" })).toBeVisible();
    await expect(copied).toHaveCount(0);
  } finally {
    await adminApi(request, token, "DELETE", `/api/admin/media/${created.body.id}`);
  }
});

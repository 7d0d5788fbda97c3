import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, type Browser, expect, type Page, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  mailMatching,
  setBookingStatus,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { seriousViolations } from "../helpers/page-checks";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * The waitlist from both sides: a date filled by a booking, two visitors
 * asking to hear when a spot opens on /book (one without JavaScript), the
 * operator cancelling the booking (through the API the bookings screen calls;
 * that screen's Cancel button has specs of its own), the offer email
 * arriving at the first visitor whose group fits, its link opening /book with
 * the banner and the form filled in, and the operator's list on the calendar.
 */
const ADVENTURE = "underwater-treasure-hunt";
/** Far-future Saturdays no seeded date uses; the spec takes the first one free. */
const SATURDAYS = ["2033-05-07", "2033-05-14", "2033-05-21", "2033-05-28"];

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

async function openFullDate(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/admin/availability/${ADVENTURE}`, { headers: bearer(token) });
  const taken = new Set(((await res.json()) as { dates: { date: string }[] }).dates.map((d) => d.date));
  const date = SATURDAYS.find((d) => !taken.has(d));
  if (!date) throw new Error("every candidate Saturday already has availability");
  const created = await request.post("/api/admin/availability", {
    headers: bearer(token),
    data: { adventure_id: ADVENTURE, date, available_spots: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const email = uniqueEmail("filler");
  const booking = await createBooking(request, { adventureId: ADVENTURE, date, email, groupSize: 2 });
  return { date, id, email, booking };
}

/** At phone and desktop width: no serious or critical accessibility finding in one part of the page. */
async function accessibleAtBothWidths(page: Page, selector: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page, selector)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function joinWithoutJavaScript(browser: Browser, date: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/book?adventure=${ADVENTURE}`);
    const waitlist = page.getByTestId("waitlist");
    await waitlist.getByLabel("Date").selectOption(date);
    await waitlist.getByLabel("Group size").selectOption("1");
    await waitlist.getByLabel("Email").fill(email);
    await waitlist.getByRole("button", { name: "Tell me if a spot opens" }).click();
    await expect(page.getByTestId("waitlist-message")).toContainText("You're on the waitlist");
    await expect(page.getByTestId("waitlist-message")).toContainText(email);
  } finally {
    await context.close();
  }
}

// Five screens, each checked for accessibility at two widths, take a while on a small machine.
test.describe.configure({ timeout: 120_000 });

test("a cancellation on a full date emails the first waiting visitor a link that books it", async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const full = await openFullDate(request, token);
  const first = uniqueEmail("first-in-line");
  const second = uniqueEmail("no-js");
  try {
    // The adventure page offers the same form for its full dates.
    await page.goto(`/adventures/${ADVENTURE}`);
    await expect(
      page.getByTestId("waitlist").getByLabel("Date").locator(`option[value="${full.date}"]`),
    ).toHaveCount(1);
    await accessibleAtBothWidths(page, "[data-testid=waitlist]");

    // With JavaScript: the form on /book answers in place.
    await page.goto(`/book?adventure=${ADVENTURE}`);
    await expect(
      page.locator("select[name=selectedDate]").locator(`option[value="${full.date}"]`),
    ).toContainText("Fully booked");
    const waitlist = page.getByTestId("waitlist");
    await expect(waitlist.getByRole("heading", { name: "Tell me if a spot opens" })).toBeVisible();
    await waitlist.getByLabel("Date").selectOption(full.date);
    await waitlist.getByLabel("Group size").selectOption("2");
    await waitlist.getByLabel("Email").fill(first);
    await accessibleAtBothWidths(page, "[data-testid=waitlist]");
    await waitlist.getByRole("button", { name: "Tell me if a spot opens" }).click();
    await expect(page.getByTestId("waitlist-message")).toContainText("You're on the waitlist");
    await accessibleAtBothWidths(page, "[data-testid=waitlist]");

    // Without JavaScript: the same form posts to the page's action.
    await joinWithoutJavaScript(browser, full.date, second);
    await mailMatching(
      sink.messages,
      (m) => m.to.includes(second) && m.subject.startsWith("You're on the waitlist"),
    );

    // The operator cancels the booking that filled the date.
    await setBookingStatus(request, token, full.booking.booking_id, "cancelled");

    // Two spots came back: the group of two first in line gets the offer.
    const offer = await mailMatching(
      sink.messages,
      (m) => m.to.includes(first) && m.subject.startsWith("A spot opened"),
    );
    const link = /http:\/\/localhost:\d+(\/book\?adventure=[^&\s]+&date=[\d-]+&offer=[A-Za-z0-9_-]+)/.exec(
      plainText(offer.raw),
    );
    expect(link, plainText(offer.raw)).not.toBeNull();

    // The operator sees who waits for the date on the calendar.
    await signIn(page, token);
    await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);
    const item = page.locator(`[data-testid=waitlist-date][data-date="${full.date}"]`);
    await expect(item.getByTestId("waitlist-count")).toHaveText("2");
    await item.getByText("Show list").click();
    const entries = item.getByTestId("waitlist-entry");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(first);
    await expect(entries.nth(0)).toContainText("Offered");
    await expect(entries.nth(1)).toContainText(second);
    await expect(entries.nth(1)).toContainText("Waiting");
    await accessibleAtBothWidths(page, `[data-testid=waitlist-date][data-date="${full.date}"]`);

    // The operator takes the second visitor off the list.
    await entries
      .nth(1)
      .getByRole("button", { name: /^Remove / })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Remove ${second} from the waitlist`);
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(`${second} was removed from the waitlist`)).toBeVisible();
    await expect(item.getByTestId("waitlist-count")).toHaveText("1");
    await expect(entries.nth(1)).toContainText("Removed");

    // The link opens /book for that date with the banner, the form filled in.
    await page.goto((link as RegExpExecArray)[1]);
    await expect(page.getByTestId("offer-banner")).toContainText("A spot opened on");
    await expect(page.getByTestId("offer-banner")).toContainText("book before");
    await expect(page.locator("select[name=selectedDate]")).toHaveValue(full.date);
    await expect(page.locator("input[name=customerEmail]")).toHaveValue(first);
    await accessibleAtBothWidths(page, "main");

    // A link with a wrong token shows the neutral note and the normal form.
    await page.goto(`/book?adventure=${ADVENTURE}&date=${full.date}&offer=not-a-real-token`);
    await expect(page.getByTestId("offer-banner")).toContainText("expired or was already used");
    await expect(page.locator("input[name=customerEmail]")).toHaveValue("");
  } finally {
    await cancelBooking(request, token, full.booking.booking_id);
    await request.delete(`/api/admin/availability/${full.id}`, { headers: bearer(token) });
  }
});

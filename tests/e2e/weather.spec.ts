import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, test } from "../fixtures/test";
import {
  addDays,
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  mailMatching,
  payCheckout,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * A departure called off for weather, on a phone: the operator previews and
 * confirms it from /admin/weather; three paid customers get the email with
 * their link; one moves to another date through the page, one takes credit,
 * one a full refund; the admin list, the calendar and the dashboard show the
 * answers; then the credit voucher pays a new booking in full without a card
 * (booked through the API: vouchers.spec.ts books with a voucher on /book).
 * The bookings are made and paid through the API. The spec makes its own
 * dates and removes them afterwards.
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

async function addDate(request: APIRequestContext, token: string, from: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = addDays(sydneyToday(), from + Math.floor(Math.random() * 60));
    const res = await request.post("/api/admin/availability", {
      headers: bearer(token),
      data: { adventure_id: ADVENTURE, date, available_spots: 6, price_override: null },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; date: string };
  }
  throw new Error("no free date to add");
}

/** Books one person and pays through the API. */
async function bookAndPay(request: APIRequestContext, email: string, date: string, firstName: string) {
  const booking = await createBooking(request, { adventureId: ADVENTURE, date, email, firstName });
  await payCheckout(request, booking);
  return booking;
}

/** The weather link from the customer's email. */
async function weatherLink(email: string): Promise<string> {
  const mail = await mailMatching(
    sink.messages,
    (m) => m.to.includes(email) && m.subject.startsWith("Weather: "),
  );
  const link =
    /https?:\/\/[^\s"]+\/my-booking\/[A-Za-z0-9_-]{43}\/weather/.exec(plainText(mail.raw))?.[0] ?? "";
  expect(link).not.toBe("");
  return new URL(link).pathname;
}

test.use({ viewport: PHONE });

test("a date called off for weather: one customer moves, one takes credit, one a full refund", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(page.request);
  const off = await addDate(page.request, token, 150);
  const target = await addDate(page.request, token, 220);
  const emails = {
    move: uniqueEmail("weather-move"),
    credit: uniqueEmail("weather-credit"),
    refund: uniqueEmail("weather-refund"),
    phoned: uniqueEmail("weather-phoned"),
  };
  const booked: string[] = [];
  try {
    const mover = await bookAndPay(page.request, emails.move, off.date, "Maya");
    booked.push(mover.booking_id);
    const saver = await bookAndPay(page.request, emails.credit, off.date, "Sol");
    booked.push(saver.booking_id);
    const refunder = await bookAndPay(page.request, emails.refund, off.date, "Rafi");
    booked.push(refunder.booking_id);
    const caller = await bookAndPay(page.request, emails.phoned, off.date, "Pat");
    booked.push(caller.booking_id);

    // The operator calls the date off from a phone: first who is affected, then confirm.
    await signIn(page, token);
    await page.goto("/admin/weather");
    await expect(page.getByRole("heading", { level: 1, name: "Weather cancellations" })).toBeVisible();
    const callOff = page.getByRole("form", { name: "Call off a departure" });
    await callOff.getByLabel("Date").fill(off.date);
    await callOff.getByLabel("Adventure").selectOption(ADVENTURE);
    await expect(callOff.getByLabel("Message to the customers")).toHaveValue(/forecast/);
    await callOff.getByLabel("Without an answer").selectOption("credit");
    await callOff.getByLabel("Days to answer").fill("3");
    await callOff.getByRole("button", { name: "Show who is affected" }).click();
    const preview = page.getByTestId("weather-preview");
    await expect(preview.getByTestId("preview-summary")).toContainText("4 confirmed bookings (4 people)");
    for (const ref of [mover.reference, saver.reference, refunder.reference, caller.reference]) {
      await expect(preview).toContainText(ref);
    }
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await preview.getByRole("button", { name: "Call off and email 4" }).click();
    await expect(page.getByRole("status").filter({ hasText: "is called off" })).toContainText("4 bookings");

    // The date is no longer offered on the site.
    const dates = (await (await page.request.get(`/api/adventures/${ADVENTURE}/dates`)).json()) as {
      date: string;
      available: boolean;
    }[];
    expect(dates.find((d) => d.date === off.date)?.available ?? false).toBe(false);

    // Customer 1 moves, through the page from their email's link.
    const moveLink = await weatherLink(emails.move);
    await page.goto(moveLink);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your trip is off for the weather" }),
    ).toBeVisible();
    await expect(page.getByTestId("weather-message")).toContainText("forecast");
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByTestId("weather-date")
      .filter({ has: page.locator(`input[value="${target.date}"]`) })
      .click();
    await page.getByRole("button", { name: "Move to this date" }).click();
    const moved = page.getByTestId("weather-outcome");
    await expect(moved).toContainText("Your booking has moved to");
    await expectNoSidewaysScroll(page);
    await mailMatching(
      sink.messages,
      (m) => m.to.includes(emails.move) && m.subject.startsWith("Your booking has moved to"),
    );
    // The manage page states the outcome.
    await page.goto(moveLink.replace(/\/weather$/, ""));
    await expect(page.getByTestId("weather-notice")).toContainText("Your booking has moved to");

    // Customer 2 takes credit.
    const creditLink = await weatherLink(emails.credit);
    await page.goto(creditLink);
    await page.getByRole("button", { name: /^Take .* credit$/ }).click();
    // The page names the voucher by its last four characters; the code itself is in the email only.
    const hint = (await page.getByTestId("voucher-code").textContent())?.trim() ?? "";
    expect(hint).toMatch(/^…[A-Z0-9]{4}$/);
    const creditMail = await mailMatching(
      sink.messages,
      (m) => m.to.includes(emails.credit) && m.subject.startsWith("Your credit voucher"),
    );
    const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(plainText(creditMail.raw))?.[0] ?? "";
    expect(code.slice(-4)).toBe(hint.slice(1));
    expect(creditMail.subject).not.toContain(code);

    // Customer 3 takes a full refund.
    const refundLink = await weatherLink(emails.refund);
    await page.goto(refundLink);
    const refundButton = page.getByRole("button", { name: /^Refund .* to my card$/ });
    const amount = /Refund (\$[\d,.]+) to my card/.exec((await refundButton.textContent()) ?? "")?.[1] ?? "";
    expect(amount).not.toBe("");
    await refundButton.click();
    await expect(page.getByTestId("weather-outcome")).toContainText(`A full refund of ${amount}`);
    await mailMatching(
      sink.messages,
      (m) => m.to.includes(emails.refund) && m.subject.includes("refunded in full"),
    );

    // The admin list shows each answer.
    await page.goto("/admin/weather");
    const list = page.locator(`[data-testid="weather-cancellation"][data-date="${off.date}"]`);
    await expect(list.locator(`[data-reference="${mover.reference}"]`)).toContainText("Moved to");
    await expect(list.locator(`[data-reference="${saver.reference}"]`)).toContainText(`Credit ${hint}`);
    await expect(list.locator(`[data-reference="${refunder.reference}"]`)).toContainText("Refunded");
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    // A customer who phoned: the operator records their answer.
    const phoned = list.locator(`[data-reference="${caller.reference}"]`);
    await expect(phoned.getByTestId("weather-choice")).toContainText("Waiting");
    await phoned.getByText("Record a phoned answer").click();
    await phoned.getByRole("button", { name: "Credit" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Pat Walker asked to cancel ${caller.reference} and issue`);
    await dialog.getByRole("button", { name: "Record answer" }).click();
    await expect(phoned.getByTestId("weather-choice")).toContainText(/Credit …[A-Z0-9]{4}/);
    await expect(phoned.getByTestId("weather-choice")).toContainText("recorded by you");
    await mailMatching(
      sink.messages,
      (m) => m.to.includes(emails.phoned) && m.subject.startsWith("Your credit voucher"),
    );

    // The calendar marks the date and counts the answers.
    await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);
    const [ty, tm] = sydneyToday().split("-").map(Number);
    const [oy, om] = off.date.split("-").map(Number);
    for (let i = 0; i < (oy - ty) * 12 + (om - tm); i++) {
      await page.getByRole("button", { name: "Next month" }).click();
    }
    await expect(page.locator(`td[data-date="${off.date}"]`).getByTestId("day-weather")).toBeVisible();
    const counts = page.getByTestId("calendar-weather");
    await expect(counts.locator(`[data-date="${off.date}"]`)).toContainText(
      "1 moved · 2 credit · 1 refunded",
    );
    await expect(counts.getByRole("link", { name: "Weather cancellations" })).toHaveAttribute(
      "href",
      "/admin/weather",
    );
    await expectNoSidewaysScroll(page);

    // The dashboard's card.
    await page.goto("/admin/pro-dashboard");
    await expect(page.getByTestId("weather-card")).toContainText("1 moved");

    // The credit pays a new booking in full: no card, confirmed at once.
    const newEmail = uniqueEmail("weather-credit-rebook");
    const rebook = await page.request.post("/api/bookings", {
      data: {
        adventure_id: ADVENTURE,
        customer_first_name: "Sol",
        customer_last_name: "Walker",
        customer_email: newEmail,
        customer_phone: "0400 123 456",
        group_size: 1,
        selected_date: target.date,
        special_requirements: "",
        voucher_code: code,
      },
    });
    expect(rebook.status(), await rebook.text()).toBe(201);
    const paidByVoucher = (await rebook.json()) as {
      booking_id: string;
      checkout_url: string;
      session_id: null;
    };
    booked.push(paidByVoucher.booking_id);
    // No checkout: the answer is the booking's own page.
    expect(paidByVoucher.session_id).toBeNull();
    expect(new URL(paidByVoucher.checkout_url).pathname).toMatch(/^\/my-booking\/[A-Za-z0-9_-]{43}$/);
    const rebooked = await page.request.get(`/api/bookings?q=${encodeURIComponent(newEmail)}`, {
      headers: bearer(token),
    });
    const [again] = ((await rebooked.json()) as { bookings: { id: string; booking_status: string }[] })
      .bookings;
    expect(again.booking_status).toBe("confirmed");
    const found = await page.request.get(`/api/admin/vouchers?q=${encodeURIComponent(code)}`, {
      headers: bearer(token),
    });
    const [voucher] = ((await found.json()) as { vouchers: { code_hint: string; balance_cents: number }[] })
      .vouchers;
    expect(voucher).toMatchObject({ code_hint: hint, balance_cents: 0 });
  } finally {
    for (const id of booked) await cancelBooking(page.request, token, id);
    for (const d of [off, target]) {
      await page.request.delete(`/api/admin/availability/${d.id}`, { headers: bearer(token) });
    }
  }
});

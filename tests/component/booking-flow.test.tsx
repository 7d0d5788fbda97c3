import { afterEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import type { DateOption } from "../../app/components/booking/BookingFlow";
import { adventure, bookPage, DATES, dateSelect, type FlowProps, json } from "./book-page";
import { serverHtml } from "./server-html";

afterEach(() => {
  vi.restoreAllMocks();
});

test("before the scripts run, an adventure card asks the server for its details step", async () => {
  const { container, screen } = serverHtml(bookPage({}));
  const asked: string[] = [];
  container.addEventListener("submit", (e) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const query = new URLSearchParams(new FormData(form, e.submitter) as unknown as string[][]);
    asked.push(`${form.method} ${form.getAttribute("action")}?${query}`);
  });
  await screen.getByTestId("adventure-option").filter({ hasText: "Guided Shore Dive" }).click();
  expect(asked).toEqual(["get /book?adventure=guided-shore-dive"]);
});

test("with the scripts, a card opens the details step with that adventure's dates from the page's loader", async () => {
  const fetched = vi.spyOn(globalThis, "fetch");
  const asked: string[] = [];
  await render(bookPage({}, { asked }));
  await page.getByTestId("adventure-option").filter({ hasText: "Guided Shore Dive" }).click();
  await expect.element(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();
  await expect.element(page.getByRole("option", { name: /Sunday 1 August 2032/ })).toBeInTheDocument();
  await expect.element(page.getByRole("heading", { name: "Booking Summary" })).toBeVisible();
  // The address the card's form asks for without JavaScript, loaded in place.
  expect(asked).toEqual(["/book?adventure=guided-shore-dive"]);
  expect(fetched).not.toHaveBeenCalled();
});

test("another adventure's list keeps a chosen date it offers and drops one it does not", async () => {
  const only = (date: string) => DATES.filter((d) => d.date === date);
  await render(
    bookPage(
      { preselected: "guided-shore-dive", initialDates: DATES },
      { datesOf: (id) => (id === "dive-exhibition" ? only("2032-08-08") : only("2032-08-01")) },
    ),
  );
  const date = dateSelect();
  const change = page.getByRole("button", { name: "Change adventure" });
  const card = (title: string) => page.getByTestId("adventure-option").filter({ hasText: title });

  await date.selectOptions("2032-08-08");
  await change.click();
  await card("Discover Scuba Diving").click();
  await expect.element(page.getByRole("option", { name: /Sunday 1 August 2032/ })).not.toBeInTheDocument();
  await expect.element(date).toHaveValue("2032-08-08");

  await change.click();
  await card("Guided Shore Dive").click();
  await expect.element(page.getByRole("option", { name: /Sunday 8 August 2032/ })).not.toBeInTheDocument();
  await expect.element(date).toHaveValue("");
  await expect.element(page.getByText("Not selected")).toBeVisible();
});

test("an adventure priced in pounds is totalled in pounds, and its voucher is checked in pounds", async () => {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    // 20p short of the £117 total: the card keeps the pound's 30p minimum, not the dollar's 50c.
    return json(200, {
      code: "TW-GBPX-0001",
      balance: 116.8,
      balance_cents: 11_680,
      currency: "gbp",
      expires_at: "2033-01-01T00:00:00.000Z",
    });
  });
  const london = adventure("thames-dive", "Thames Dive", 135, "GBP");
  await render(bookPage({ adventures: [london], preselected: "thames-dive", initialDates: DATES }));
  await dateSelect().selectOptions("2032-08-01");
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("GBP 117");
  // Intl puts a no-break space between the code and the amount.
  expect(page.getByText("Price per person").element().parentElement?.textContent).toBe(
    "Price per personGBP\u00a0117",
  );

  await page.getByText(/Have a voucher\?/).click();
  await page.getByLabelText("Voucher code").fill("TW-GBPX-0001");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("GBP 0.30");
  await expect
    .element(page.getByTestId("voucher-deduction"))
    .toHaveTextContent("Voucher TW-GBPX-0001−GBP 116.70");
  expect(sent).toEqual([{ code: "TW-GBPX-0001", currency: "GBP" }]);
  // Not the whole total: the card pays the rest.
  expect(page.getByTestId("voucher-left").element().textContent).toBe(
    "Left on the voucher after this booking: GBP\u00a00.10.",
  );
  await expect.element(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();
});

test("a checked voucher that covers the total confirms the booking, and shows what stays on it", async () => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
    json(200, {
      code: "TW-GIFT-0200",
      balance: 200,
      balance_cents: 20_000,
      currency: "aud",
      expires_at: "2033-01-01T00:00:00.000Z",
    }),
  );
  await render(bookPage({ preselected: "guided-shore-dive", initialDates: DATES }));
  await dateSelect().selectOptions("2032-08-01");
  // No voucher: the spec's wording.
  await expect.element(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();

  await page.getByText(/Have a voucher\?/).click();
  await page.getByLabelText("Voucher code").fill("TW-GIFT-0200");
  await page.getByRole("button", { name: "Apply" }).click();
  // One person at $117: $83 stays on the voucher.
  await expect.element(page.getByRole("button", { name: "Confirm booking" })).toBeVisible();
  await expect
    .element(page.getByTestId("voucher-left"))
    .toHaveTextContent("Left on the voucher after this booking: $83.00.");

  // Two people ($234) are more than the voucher: the card pays the rest again.
  await page.getByRole("combobox", { name: "Group Size", exact: true }).selectOptions("2");
  await expect.element(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();
  await expect
    .element(page.getByTestId("voucher-left"))
    .toHaveTextContent("Left on the voucher after this booking: $0.00.");
});

test("what was chosen and typed before React took over is what is shown and booked", async () => {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    // Refused, so the page stays here to be looked at.
    return json(409, { detail: "That date has just filled up" });
  });
  const html = serverHtml(bookPage({ preselected: "guided-shore-dive", initialDates: DATES }));
  const field = (name: string) =>
    page.elementLocator(html.container.querySelector(`[name=${name}]`) as HTMLElement);
  await field("customerFirstName").fill("Noa");
  await field("customerLastName").fill("Early");
  await field("customerEmail").fill("noa.early@example.com");
  await field("groupSize").selectOptions("2");
  await field("selectedDate").selectOptions("2032-08-01");
  await field("specialRequirements").fill("Typed before the scripts came");
  await html.hydrate();

  // The date's own price times the group: the state took what the fields showed.
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$234");
  await expect.element(field("specialRequirements")).toHaveValue("Typed before the scripts came");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("error-banner")).toHaveTextContent("That date has just filled up");
  expect(sent).toEqual([
    expect.objectContaining({
      adventure_id: "guided-shore-dive",
      customer_first_name: "Noa",
      customer_last_name: "Early",
      customer_email: "noa.early@example.com",
      group_size: 2,
      selected_date: "2032-08-01",
      special_requirements: "Typed before the scripts came",
    }),
  ]);
});

test("asked to wait (429), the booking form shows the server's own sentence", async () => {
  // The server's exact 429 shape (the limits themselves are tested in tests/api/public-limits.test.ts).
  const wait = "Too many requests from your connection. Please wait 4 minutes and try again.";
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    expect(String(input)).toBe("/api/bookings");
    return new Response(JSON.stringify({ detail: wait, retry_after: 240, errors: {} }), {
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": "240" },
    });
  });
  await render(bookPage({ preselected: "dive-exhibition", initialDates: DATES }));
  const field = (name: string) =>
    page.elementLocator(document.querySelector(`[name=${name}]`) as HTMLElement);
  await field("customerFirstName").fill("Ava");
  await field("customerLastName").fill("Walker");
  await field("customerEmail").fill("ava.wait@example.com");
  await dateSelect().selectOptions("2032-08-08");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("error-banner")).toHaveTextContent(wait);
});

const CAP =
  "You already have 3 unfinished checkouts. Finish or cancel one of them, or try again in 18 minutes.";

test("refused at the open-checkout cap without scripts, the page offers to email a release link for the typed address", async () => {
  const submitted = {
    sent: true,
    ok: false,
    detail: CAP,
    errors: {},
    status: 429,
    values: { customerEmail: "lena.cap@example.com", customerFirstName: "Lena" },
  } as unknown as FlowProps["submitted"];
  const { container, screen } = serverHtml(
    bookPage({ preselected: "guided-shore-dive", initialDates: DATES, submitted }),
  );
  const asked: string[] = [];
  container.addEventListener("submit", (e) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const query = new URLSearchParams(new FormData(form, e.submitter) as unknown as string[][]);
    asked.push(`${form.method} ${form.getAttribute("action")} ${query}`);
  });
  await screen.getByRole("button", { name: "Email me a link to release them" }).click();
  expect(asked).toEqual(["post /checkouts/release email=lena.cap%40example.com"]);
});

test("with the scripts, only the email's own cap offers the release link", async () => {
  let detail = CAP;
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async () => new Response(JSON.stringify({ detail, errors: {} }), { status: 429 }),
  );
  await render(bookPage({ preselected: "dive-exhibition", initialDates: DATES }));
  const field = (name: string) =>
    page.elementLocator(document.querySelector(`[name=${name}]`) as HTMLElement);
  await field("customerFirstName").fill("Ava");
  await field("customerLastName").fill("Walker");
  await field("customerEmail").fill("ava.cap@example.com");
  await dateSelect().selectOptions("2032-08-08");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("release-offer")).toBeVisible();
  const hidden = document.querySelector("[data-testid=release-offer] input[name=email]") as HTMLInputElement;
  expect(hidden.value).toBe("ava.cap@example.com");

  // A shared address's cap is not the person's to release.
  detail = "Too many unfinished checkouts from your network right now. Please try again in 5 minutes.";
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("error-banner")).toHaveTextContent(detail);
  await expect.element(page.getByTestId("release-offer")).not.toBeInTheDocument();
});

test("a date with two departures asks for the time, prices and limits the group by the one chosen, and sends it", async () => {
  const sent: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return json(409, { detail: "Kept here to be looked at" });
  });
  const twoTimes: DateOption[] = [
    ...DATES,
    {
      date: "2032-08-15",
      display: "Sunday 15 August 2032",
      available: true,
      spots_left: 4,
      price: 95,
      departures: [
        { start_time: "08:00", display: "8:00 am", available: false, spots_left: 0, price: 95 },
        { start_time: "13:00", display: "1:00 pm", available: true, spots_left: 2, price: 110 },
      ],
    },
  ];
  render(bookPage({ preselected: "dive-exhibition", initialDates: twoTimes }));
  await page.getByRole("textbox", { name: /First Name/ }).fill("Ari");
  await page
    .getByRole("textbox", { name: /^Email/ })
    .first()
    .fill("ari@example.com");
  await dateSelect().selectOptions("2032-08-15");
  await expect
    .element(page.getByRole("option", { name: "Sunday 15 August 2032 — 1 departure time open" }))
    .toBeInTheDocument();

  // Sent without a time, the form asks for one and nothing goes to the server.
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("error-banner")).toHaveTextContent("Please choose a departure time.");
  expect(sent).toEqual([]);

  const group = page.getByRole("group", { name: "Departure time" });
  await expect.element(group.getByRole("radio", { name: /8:00 am/ })).toBeDisabled();
  await group.getByRole("radio", { name: /1:00 pm/ }).click();
  // The afternoon's own price and its two spots left.
  const groupSize = page.getByRole("combobox", { name: "Group Size" });
  await expect.element(groupSize.getByRole("option", { name: "2 people" })).toBeInTheDocument();
  await expect.element(groupSize.getByRole("option", { name: "3 people" })).not.toBeInTheDocument();
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$110");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("error-banner")).toHaveTextContent("Kept here to be looked at");
  expect(sent).toEqual([expect.objectContaining({ selected_date: "2032-08-15", start_time: "13:00" })]);

  // Another date has other departures: the time is asked again, and a one-departure date sends none.
  await dateSelect().selectOptions("2032-08-01");
  await expect.element(page.getByRole("group", { name: "Departure time" })).not.toBeInTheDocument();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.poll(() => sent.length).toBe(2);
  expect(sent[1]).not.toHaveProperty("start_time");
});

test("a promo code the server accepts shows its discount line and the new total, and is booked with it", async () => {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push({ url: String(input), body });
    if (String(input) === "/api/promo-codes/check") {
      const subtotal = Number(body.group_size) * 11_700;
      const discount = Math.floor((subtotal * 10 + 50) / 100);
      return json(200, {
        code: "REEF10",
        label: "10% off",
        subtotal_cents: subtotal,
        discount_cents: discount,
        total_cents: subtotal - discount,
        currency: "aud",
      });
    }
    return json(400, {
      detail: "promo_code: This promo code has been used up",
      errors: { promo_code: "This promo code has been used up" },
    });
  });
  await render(bookPage({ preselected: "guided-shore-dive", initialDates: DATES }));
  await dateSelect().selectOptions("2032-08-01");
  await page.getByLabelText(/Promo code/).fill("reef10");
  await page.getByRole("button", { name: "Use code" }).click();
  await expect.element(page.getByTestId("promo-deduction")).toHaveTextContent("Promo code REEF10−$11.70");
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$105.30");

  // Another group size: the server is asked again for the new subtotal.
  await page.getByRole("combobox", { name: "Group Size", exact: true }).selectOptions("2");
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$210.60");
  expect(sent.filter((s) => s.url === "/api/promo-codes/check").map((s) => s.body.group_size)).toEqual([
    1, 2,
  ]);

  // Refused when booking (used up meanwhile): the message stands under the field, the discount goes.
  const field = (name: string) =>
    page.elementLocator(document.querySelector(`form[method=post] [name=${name}]`) as HTMLElement);
  await field("customerFirstName").fill("Ava");
  await field("customerEmail").fill("ava@example.com");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("promo-error")).toHaveTextContent("This promo code has been used up");
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$234");
  expect(sent.find((s) => s.url === "/api/bookings")?.body).toMatchObject({ promo_code: "REEF10" });
});

test("the promo field is a plain form field before the scripts run", async () => {
  const { container } = serverHtml(bookPage({ preselected: "guided-shore-dive", initialDates: DATES }));
  const field = container.querySelector<HTMLInputElement>("input[name=promoCode]");
  expect(field?.form?.getAttribute("method")).toBe("post");
});

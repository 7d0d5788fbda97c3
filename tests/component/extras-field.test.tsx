/**
 * The booking form's extras: a required extra shown as included and priced
 * for everyone, a count of gear sets up to the group with a size select per
 * person and item, a ticked meal pack; the summary and the total show their
 * lines, and the booking and the promo check send the choice for the server
 * to price. Before the scripts run every field is a native one posted with
 * the form, and what a refused post sent comes back with its message. An
 * adventure without extras sends the spec's payload.
 */
import { afterEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import type { ExtraDef } from "../../app/lib/extras";
import { ADVENTURES, adventure, bookPage, DATES, dateSelect, type FlowProps, json } from "./book-page";
import { serverHtml } from "./server-html";

const EXTRAS: ExtraDef[] = [
  { id: "levy", name: "Reef levy", price_cents: 500, per: "person", required: true, gear: [] },
  {
    id: "set",
    name: "Full gear set",
    price_cents: 4550,
    per: "person",
    required: false,
    gear: [
      { id: "wet", name: "Wetsuit", sizes: ["S", "M", "L"] },
      { id: "fins", name: "Fins", sizes: ["M", "L"] },
    ],
  },
  { id: "meal", name: "Meal pack", price_cents: 1999, per: "booking", required: false, gear: [] },
];
const REEF = { ...adventure("reef-day", "Reef Day", 135), extras: EXTRAS };
const ADVENTURES_WITH_EXTRAS = [REEF, ...ADVENTURES];

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every request the page sends, by address, answering the promo check with a 10% discount. */
function recordRequests() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push({ url: String(input), body });
    if (String(input) === "/api/promo-codes/check") {
      // The server's subtotal for this choice: 2 × 117 + 2 × 5 + 2 × 45.50 + 19.99.
      return json(200, {
        code: "REEF10",
        label: "10% off",
        subtotal_cents: 35_499,
        discount_cents: 3_550,
        total_cents: 31_949,
        currency: "aud",
      });
    }
    const hiredOut = "Wetsuit L is all hired out on 2032-08-01; choose another size or date.";
    return json(409, { detail: hiredOut, errors: { extras: hiredOut } });
  });
  return sent;
}

const field = (name: string) =>
  page.elementLocator(document.querySelector(`form[method=post] [name=${name}]`) as HTMLElement);

test("gear sets counted up to the group ask a size per person, and every extra is a line of the total and of what is sent", async () => {
  const sent = recordRequests();
  await render(
    bookPage({ adventures: ADVENTURES_WITH_EXTRAS, preselected: "reef-day", initialDates: DATES }),
  );
  await dateSelect().selectOptions("2032-08-01");
  await page.getByRole("combobox", { name: "Group Size", exact: true }).selectOptions("2");

  // The required levy is included for both, before anything is chosen.
  await expect.element(page.getByText("Included")).toBeVisible();
  await expect.element(page.getByText("2 × Reef levy")).toBeVisible();
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$244");

  const sets = page.getByRole("spinbutton", { name: /Full gear set/ });
  await expect.element(sets).toHaveAttribute("max", "2");
  await sets.fill("2");
  await expect.element(page.getByRole("combobox", { name: /^Person \d/ })).toHaveLength(4);
  await page.getByRole("combobox", { name: "Person 1 wetsuit size" }).selectOptions("M");
  await page.getByRole("combobox", { name: "Person 1 fins size" }).selectOptions("L");
  await page.getByRole("combobox", { name: "Person 2 wetsuit size" }).selectOptions("L");
  await page.getByRole("combobox", { name: "Person 2 fins size" }).selectOptions("M");
  await page.getByRole("checkbox", { name: /Meal pack/ }).click();
  await expect.element(page.getByText("2 × Full gear set")).toBeVisible();
  await expect.element(page.getByText("$91.00")).toBeVisible();
  await expect.element(page.getByText("1 × Meal pack")).toBeVisible();
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$354.99");

  // The promo check sends the choice: the server prices it onto the subtotal it will charge.
  await page.getByLabelText(/Promo code/).fill("reef10");
  await page.getByRole("button", { name: "Use code" }).click();
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$319.49");
  const choice = [
    { extra_id: "levy" },
    { extra_id: "set", quantity: 2, sizes: { wet: ["M", "L"], fins: ["L", "M"] } },
    { extra_id: "meal", quantity: 1 },
  ];
  expect(sent.find((s) => s.url === "/api/promo-codes/check")?.body).toMatchObject({
    group_size: 2,
    extras: choice,
  });

  await field("customerFirstName").fill("Ava");
  await field("customerEmail").fill("ava@example.com");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  expect(sent.find((s) => s.url === "/api/bookings")?.body).toMatchObject({ group_size: 2, extras: choice });
  // Gear all hired out: the server's sentence, under the extras whose size is to change.
  const extras = page.getByRole("group", { name: "Extras and gear hire" });
  await expect
    .element(extras.getByRole("alert"))
    .toHaveTextContent("Wetsuit L is all hired out on 2032-08-01; choose another size or date.");

  // A smaller group holds the gear sets to one, and asks one person's sizes.
  await page.getByRole("combobox", { name: "Group Size", exact: true }).selectOptions("1");
  await expect.element(page.getByRole("combobox", { name: /^Person \d/ })).toHaveLength(2);
  await expect.element(page.getByText("1 × Full gear set")).toBeVisible();
});

test("an adventure without extras shows no extras and sends the spec's payload", async () => {
  const sent = recordRequests();
  await render(bookPage({ preselected: "guided-shore-dive", initialDates: DATES }));
  await dateSelect().selectOptions("2032-08-01");
  await expect.element(page.getByText("Extras and gear hire")).not.toBeInTheDocument();
  await expect.element(page.getByText("Price per person")).toBeVisible();
  await page.getByLabelText(/Promo code/).fill("reef10");
  await page.getByRole("button", { name: "Use code" }).click();
  await field("customerFirstName").fill("Ava");
  await field("customerEmail").fill("ava@example.com");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.poll(() => sent.length).toBe(2);
  for (const { body } of sent) expect(Object.keys(body)).not.toContain("extras");
});

test("before the scripts run the extras are native fields, and a refused post comes back as it was sent", async () => {
  const submitted = {
    sent: true,
    ok: false,
    status: 400,
    detail: "extras: Full gear set: choose a wetsuit size for person 2 (S, M, L)",
    errors: { extras: "Full gear set: choose a wetsuit size for person 2 (S, M, L)" },
    values: {
      adventureId: "reef-day",
      groupSize: "2",
      selectedDate: "2032-08-01",
      extras: [
        { extra_id: "levy" },
        { extra_id: "set", quantity: 2, sizes: { wet: ["M"], fins: ["L", "L"] } },
      ],
    },
  } as unknown as FlowProps["submitted"];
  const { container, screen } = serverHtml(
    bookPage({ adventures: ADVENTURES_WITH_EXTRAS, preselected: "reef-day", initialDates: DATES, submitted }),
  );
  await expect
    .element(screen.getByText("Full gear set: choose a wetsuit size for person 2 (S, M, L)"))
    .toBeVisible();
  const form = container.querySelector("form[method=post]") as HTMLFormElement;
  const posted = new FormData(form);
  expect(posted.get("extra_set")).toBe("2");
  expect(posted.getAll("extra_set_wet")).toEqual(["M", ""]);
  expect(posted.getAll("extra_set_fins")).toEqual(["L", "L"]);
  // Unticked, the meal pack is not posted; the required levy has no field (the server adds it).
  expect(posted.has("extra_meal")).toBe(false);
  expect(posted.has("extra_levy")).toBe(false);
  await expect.element(screen.getByText("2 × Reef levy")).toBeVisible();
});

test("back from a cancelled checkout, the gear sets and their sizes are filled in again", async () => {
  const prefill = {
    groupSize: "2",
    selectedDate: "2032-08-01",
    extras: [{ extra_id: "set", quantity: 2, sizes: { wet: ["S", "M"], fins: ["M", "L"] } }],
  };
  const { container, screen } = serverHtml(
    bookPage({ adventures: ADVENTURES_WITH_EXTRAS, preselected: "reef-day", initialDates: DATES, prefill }),
  );
  const posted = new FormData(container.querySelector("form[method=post]") as HTMLFormElement);
  expect(posted.getAll("extra_set_wet")).toEqual(["S", "M"]);
  expect(posted.getAll("extra_set_fins")).toEqual(["M", "L"]);
  await expect.element(screen.getByText("2 × Full gear set")).toBeVisible();
});

test("counts, gear sets and sizes chosen before React took over are what is shown and booked", async () => {
  const sent: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return json(409, { detail: "That date has just filled up" });
  });
  const family = {
    ...REEF,
    price_categories: [
      {
        id: "adult",
        name: "Adult",
        price_cents: 18_950,
        age_min: 18,
        age_max: null,
        takes_spot: true,
        needs_dive_paperwork: true,
      },
      {
        id: "child",
        name: "Child",
        price_cents: 12_025,
        age_min: 12,
        age_max: 17,
        takes_spot: true,
        needs_dive_paperwork: true,
      },
    ],
  };
  const html = serverHtml(bookPage({ adventures: [family], preselected: "reef-day", initialDates: DATES }));
  const field = (name: string) =>
    page.elementLocator(html.container.querySelector(`[name=${name}]`) as HTMLElement);
  await field("customerFirstName").fill("Noa");
  await field("customerEmail").fill("noa.early@example.com");
  await field("category_child").fill("1");
  await field("selectedDate").selectOptions("2032-08-01");
  // One gear set: the page as sent has a size select for its one unit.
  await field("extra_set").fill("1");
  await html.hydrate();
  await page.getByRole("combobox", { name: "Person 1 wetsuit size" }).selectOptions("S");
  await page.getByRole("combobox", { name: "Person 1 fins size" }).selectOptions("M");

  // 189.50 + 120.25 + 2 × 5.00 levy + 45.50
  await expect.element(page.getByTestId("booking-total")).toHaveTextContent("$365.25");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect.element(page.getByTestId("error-banner")).toBeVisible();
  expect(sent[0]).toMatchObject({
    group_size: 2,
    categories: { adult: 1, child: 1 },
    extras: [{ extra_id: "levy" }, { extra_id: "set", quantity: 1, sizes: { wet: ["S"], fins: ["M"] } }],
  });
});

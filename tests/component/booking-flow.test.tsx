import { afterEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import {
  type BookableAdventure,
  BookingFlow,
  type DateOption,
} from "../../app/components/booking/BookingFlow";
import { serverHtml } from "./server-html";

const adventure = (id: string, title: string, price: number): BookableAdventure => ({
  id,
  slug: id,
  title,
  short_description: `${title}, in short.`,
  price_num: price,
  price_display: `$${price} per person`,
  duration: "3 hours",
  groupSize: "1-4 people",
  group_size_min: 1,
  group_size_max: 4,
  image: "/logo.svg",
  image_alt: title,
});
const ADVENTURES = [
  adventure("dive-exhibition", "Discover Scuba Diving", 95),
  adventure("guided-shore-dive", "Guided Shore Dive", 135),
];
const DATES: DateOption[] = [
  { date: "2032-08-01", display: "Sunday 1 August 2032", available: true, spots_left: 4, price: 117 },
  { date: "2032-08-08", display: "Sunday 8 August 2032", available: true, spots_left: 3, price: 135 },
];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
});

test("before the scripts run, an adventure card asks the server for its details step", async () => {
  const { container, screen } = serverHtml(
    <BookingFlow adventures={ADVENTURES} preselected={null} initialDates={[]} />,
  );
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

test("with the scripts, a card opens the details step with that adventure's dates", async () => {
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    calls.push(String(input));
    return json(200, DATES);
  });
  await render(<BookingFlow adventures={ADVENTURES} preselected={null} initialDates={[]} />);
  await page.getByTestId("adventure-option").filter({ hasText: "Guided Shore Dive" }).click();
  await expect.element(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();
  expect(calls).toEqual(["/api/adventures/guided-shore-dive/dates"]);
  await expect.element(page.getByRole("option", { name: /Sunday 1 August 2032/ })).toBeInTheDocument();
  await expect.element(page.getByRole("heading", { name: "Booking Summary" })).toBeVisible();
});

test("what was chosen and typed before React took over is what is shown and booked", async () => {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    // Refused, so the page stays here to be looked at.
    return json(409, { detail: "That date has just filled up" });
  });
  const html = serverHtml(
    <BookingFlow adventures={ADVENTURES} preselected="guided-shore-dive" initialDates={DATES} />,
  );
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

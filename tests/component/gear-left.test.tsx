/**
 * The booking form's size selects and what is left on the chosen date: once a
 * date is chosen the form asks GET /api/adventures/:id/gear-left for it, a
 * size all hired out is disabled and marked "(none left)", one with few left
 * says how many, and another date asks again. Without JavaScript the page's
 * loader count is in the served HTML.
 */
import { afterEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import type { ExtraDef } from "../../app/lib/extras";
import { ADVENTURES, adventure, bookPage, DATES, dateSelect, json } from "./book-page";
import { serverHtml } from "./server-html";

const EXTRAS: ExtraDef[] = [
  {
    id: "hire",
    name: "Wetsuit hire",
    price_cents: 2000,
    per: "person",
    required: false,
    gear: [{ id: "wet", name: "Wetsuit", sizes: ["S", "M", "L"] }],
  },
];
const REEF = { ...adventure("reef-day", "Reef Day", 135), extras: EXTRAS };
const WITH_GEAR = [REEF, ...ADVENTURES];

afterEach(() => {
  vi.restoreAllMocks();
});

const LEFT: Record<string, Record<string, number>> = {
  "2032-08-01": { S: 8, M: 2, L: 0 },
  "2032-08-08": { S: 0, M: 9, L: 9 },
};

function answerGearLeft() {
  const asked: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://x");
    asked.push(`${url.pathname}${url.search}`);
    const date = url.searchParams.get("date") ?? "";
    return json(200, { date, left: { wet: LEFT[date] ?? {} } });
  });
  return asked;
}

const option = (name: string) => page.getByRole("option", { name, exact: true });

test("a size all hired out on the chosen date is disabled, one with few left says so, and another date asks again", async () => {
  const asked = answerGearLeft();
  await render(bookPage({ adventures: WITH_GEAR, preselected: "reef-day", initialDates: DATES }));
  await page.getByRole("spinbutton", { name: /Wetsuit hire/ }).fill("1");
  // No date yet: every stocked size, as the shop stocks them.
  await expect.element(option("L")).toBeInTheDocument();
  expect(asked).toEqual([]);

  await dateSelect().selectOptions("2032-08-01");
  await expect.element(option("L (none left)")).toBeDisabled();
  await expect.element(option("M (2 left)")).toBeEnabled();
  await expect.element(option("S")).toBeEnabled();
  expect(asked).toEqual(["/api/adventures/reef-day/gear-left?date=2032-08-01"]);

  await dateSelect().selectOptions("2032-08-08");
  await expect.element(option("S (none left)")).toBeDisabled();
  await expect.element(option("L")).toBeEnabled();
  await expect.element(option("M")).toBeEnabled();
  expect(asked.at(-1)).toBe("/api/adventures/reef-day/gear-left?date=2032-08-08");
});

test("an adventure without gear never asks", async () => {
  const asked = answerGearLeft();
  await render(bookPage({ adventures: WITH_GEAR, preselected: "guided-shore-dive", initialDates: DATES }));
  await dateSelect().selectOptions("2032-08-01");
  await expect.element(dateSelect()).toHaveValue("2032-08-01");
  expect(asked).toEqual([]);
});

test("without JavaScript the page's own count marks the sizes of the date it was served for", async () => {
  const { container } = serverHtml(
    bookPage({
      adventures: WITH_GEAR,
      preselected: "reef-day",
      initialDates: DATES,
      prefill: { selectedDate: "2032-08-01", groupSize: "1", extras: [{ extra_id: "hire", quantity: 1 }] },
      gearLeft: { adventure: "reef-day", date: "2032-08-01", left: { wet: LEFT["2032-08-01"] } },
    }),
  );
  const select = container.querySelector(
    "form[method=post] select[name=extra_hire_wet]",
  ) as HTMLSelectElement;
  const options = [...select.options].map((o) => [o.textContent, o.disabled]);
  expect(options).toEqual([
    ["Choose", false],
    ["S", false],
    ["M (2 left)", false],
    ["L (none left)", true],
  ]);
});

import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { AdventureTabs } from "../../app/components/AdventureTabs";
import { adventurePolicyText } from "../../app/lib/policy-words";
import { adventureFixture } from "./adventure-fixture";

const A = adventureFixture({
  id: "dive-exhibition",
  title: "Discover Scuba Diving",
  full_description: "Your first breaths underwater.\n\nA second paragraph.",
  highlights: ["Weedy sea dragons", "Kelp forest"],
  best_for: ["First-timers"],
  included_items: ["All dive gear", "Guide"],
  excluded_items: ["Lunch"],
  itinerary: ["8:00 AM - Meet at the beach", "9:00 AM - First dive", "11:00 AM - Back on the sand"],
  meeting_point: "The car park at Bare Island",
  what_to_bring: ["Swimwear"],
  min_age: 12,
  fitness_requirements: "Able to swim 200 metres.",
  cancellation_policy: adventurePolicyText(),
});
const Stub = createRoutesStub([{ path: "/", Component: () => <AdventureTabs adventure={A} /> }]);

const tablist = () => page.getByRole("tablist");
const tab = (name: string) => tablist().getByRole("tab", { name, exact: true });
const panel = () => page.getByRole("tabpanel");

test("Overview by default; switching by click and by keyboard", async () => {
  await render(<Stub />);
  expect(
    tablist()
      .getByRole("tab")
      .elements()
      .map((t) => t.textContent),
  ).toEqual(["Overview", "What's Included", "Itinerary", "Details"]);
  await expect.element(tab("Overview")).toHaveAttribute("aria-selected", "true");
  expect(panel().elements()).toHaveLength(1);
  await expect.element(panel()).toHaveAttribute("id", "panel-overview");
  await expect.element(tab("Overview")).toHaveAttribute("aria-controls", "panel-overview");
  await expect.element(panel().getByText("Your first breaths underwater.")).toBeVisible();
  await expect.element(panel().getByText(A.highlights[0])).toBeVisible();
  await expect.element(panel().getByText(A.best_for[0])).toBeVisible();

  await tab("What's Included").click();
  await expect.element(tab("What's Included")).toHaveAttribute("aria-selected", "true");
  await expect.element(tab("Overview")).toHaveAttribute("aria-selected", "false");
  await expect.element(panel()).toHaveAttribute("id", "panel-included");
  for (const item of [...A.included_items, ...A.excluded_items]) {
    await expect.element(panel().getByText(item, { exact: true })).toBeVisible();
  }
  await expect.element(page.getByText("Your first breaths underwater.")).not.toBeVisible();

  await tab("Itinerary").click();
  const steps = panel().element().querySelectorAll("ol > li");
  expect(steps).toHaveLength(A.itinerary.length);
  expect(steps[0].textContent).toContain("8:00 AM");

  await tab("Details").click();
  const details = panel().element().textContent ?? "";
  for (const text of [
    A.meeting_point,
    A.what_to_bring[0],
    `${A.min_age} years`,
    A.fitness_requirements,
    A.cancellation_policy,
  ]) {
    expect(details).toContain(text);
  }
  await expect.element(panel().getByRole("heading", { name: "Health & Safety" })).toBeVisible();

  // Keyboard: arrows move and select, wrapping; Home and End jump.
  await tab("Overview").click();
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(tab("What's Included")).toHaveFocus();
  await expect.element(tab("What's Included")).toHaveAttribute("aria-selected", "true");
  await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
  await expect.element(tab("Details")).toHaveFocus();
  await expect.element(tab("Details")).toHaveAttribute("aria-selected", "true");
  await userEvent.keyboard("{Home}");
  await expect.element(tab("Overview")).toHaveFocus();
  await userEvent.keyboard("{End}");
  await expect.element(tab("Details")).toHaveAttribute("aria-selected", "true");
  // Only the selected tab is in the tab order.
  await expect.element(tab("Overview")).toHaveAttribute("tabindex", "-1");
  await expect.element(tab("Details")).toHaveAttribute("tabindex", "0");
});

import { createRoutesStub, useSearchParams } from "react-router";
import { afterEach, expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { ReviewList } from "../../app/components/ReviewList";

const ADVENTURES = [
  { id: "dive-exhibition", slug: "dive-exhibition", title: "Discover Scuba Diving" },
  { id: "night-dive-experience", slug: "night-dive-experience", title: "Night Dive Experience" },
  { id: "camping-only-2day", slug: "camping-only-2day", title: "2-Day Coastal Camping Escape" },
  { id: "scooter-dive-adventure", slug: "scooter-dive-adventure", title: "Underwater Scooter Dive" },
];
const review = (n: number, type: string) => ({
  id: `r${n}`,
  customer_name: `Guest ${n}`,
  content: `Review number ${n}.`,
  rating: 5,
  adventure_type: type,
  adventure_title: ADVENTURES.find((a) => a.id === type)?.title ?? type,
  location: "Sydney",
  image: "",
});
/** Three adventures with reviews (one of them twice); the scooter dive has none. */
const REVIEWS = [
  review(1, "dive-exhibition"),
  review(2, "night-dive-experience"),
  review(3, "dive-exhibition"),
  review(4, "camping-only-2day"),
];
const reviewsText = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

/** As the page wires it: the initial filter from the address. */
function ReviewsPage() {
  const [params] = useSearchParams();
  return (
    <ReviewList
      reviews={REVIEWS}
      adventures={ADVENTURES}
      initialAdventure={params.get("adventure") || "all"}
    />
  );
}
const Stub = createRoutesStub([{ path: "/reviews", Component: ReviewsPage }]);

const cards = () => page.getByTestId("review-card");
const count = () => page.getByTestId("reviews-count");
const select = () => page.getByLabelText("Filter by adventure");

// The filter writes the adventure into the address; each test starts from a clean one.
const start = window.location.href;
afterEach(() => window.history.replaceState(window.history.state, "", start));

test("the adventure filter narrows the list, the count follows and the address keeps it", async () => {
  await render(<Stub initialEntries={["/reviews"]} />);
  const total = cards().elements().length;
  expect(total).toBe(REVIEWS.length);
  const options = [...(select().element() as HTMLSelectElement).options].map((o) => ({
    value: o.value,
    label: o.textContent ?? "",
  }));
  expect(options[0]).toEqual({ value: "all", label: "All adventures" });
  // The adventures that have reviews, by title.
  expect(options.slice(1).map((o) => o.label)).toEqual([
    "2-Day Coastal Camping Escape",
    "Discover Scuba Diving",
    "Night Dive Experience",
  ]);

  // Every adventure offered has reviews, and each filtered card names it.
  let sum = 0;
  for (const option of options.slice(1)) {
    await select().selectOptions(option.value);
    const n = cards().elements().length;
    expect(n).toBeGreaterThan(0);
    sum += n;
    await expect.element(count()).toHaveTextContent(reviewsText(n));
    for (const card of cards().elements()) expect(card.textContent).toContain(option.label);
    expect(new URLSearchParams(window.location.search).get("adventure")).toBe(option.value);
  }
  expect(sum).toBe(total);

  await select().selectOptions("all");
  expect(cards().elements()).toHaveLength(total);
  await expect.element(count()).toHaveTextContent(reviewsText(total));
  expect(new URLSearchParams(window.location.search).has("adventure")).toBe(false);
});

test("an adventure without reviews shows the empty state and a way back to all of them", async () => {
  await render(<Stub initialEntries={["/reviews?adventure=scooter-dive-adventure"]} />);
  await expect.element(page.getByText("No reviews found", { exact: true })).toBeVisible();
  await expect.element(count()).toHaveTextContent("0 reviews");
  expect(cards().elements()).toHaveLength(0);
  // The select shows the filter in use, by the adventure's title.
  await expect.element(select()).toHaveValue("scooter-dive-adventure");
  expect((select().element() as HTMLSelectElement).selectedOptions[0].textContent).toBe(
    "Underwater Scooter Dive",
  );

  await page.getByRole("button", { name: "Show all reviews" }).click();
  expect(cards().elements()).toHaveLength(REVIEWS.length);
  await expect.element(select()).toHaveValue("all");
});

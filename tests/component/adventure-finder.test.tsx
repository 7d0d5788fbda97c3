import { createRoutesStub, useLocation, useNavigationType } from "react-router";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { AdventureFinder } from "../../app/components/AdventureFinder";
import { adventureFixture } from "./adventure-fixture";

/**
 * The seeded catalogue's filter fields, written out so the expected lists below are
 * worked out by hand, not by the filter code under test. Popularity order: featured
 * first, then the operator's sort order.
 *
 * | # | title                          | category     | skill        | duration               | price | featured |
 * | A | Discover Scuba Diving          | scuba-diving | beginner     | 3 hours                |    95 | yes      |
 * | B | Guided Shore Dive              | scuba-diving | intermediate | 3 hours                |   135 | yes      |
 * | C | Double Shore Dive Day Trip     | scuba-diving | intermediate | Full day (7 hours)     |   195 | yes      |
 * | D | Night Dive Experience          | scuba-diving | intermediate | 3 hours (evening)      |   149 |          |
 * | E | Underwater Scooter Dive        | scuba-diving | intermediate | 4 hours                |   189 |          |
 * | F | Underwater Treasure Hunt       | scuba-diving | beginner     | 4 hours                |   179 |          |
 * | G | 2-Day Dive & Camp Weekend      | combined     | intermediate | 2 days (weekend)       |   395 |          |
 * | H | Overnight Dive & Camp          | combined     | beginner     | Overnight (1 night)    |   295 |          |
 * | I | 2-Day Coastal Camping Escape   | camping      | beginner     | 2 days (weekend)       |   245 |          |
 */
const ROWS = [
  ["A", "Discover Scuba Diving", "scuba-diving", "beginner", "3 hours", 95, true],
  ["B", "Guided Shore Dive", "scuba-diving", "intermediate", "3 hours", 135, true],
  ["C", "Double Shore Dive Day Trip", "scuba-diving", "intermediate", "Full day (7 hours)", 195, true],
  ["D", "Night Dive Experience", "scuba-diving", "intermediate", "3 hours (evening)", 149, false],
  ["E", "Underwater Scooter Dive", "scuba-diving", "intermediate", "4 hours", 189, false],
  ["F", "Underwater Treasure Hunt", "scuba-diving", "beginner", "4 hours", 179, false],
  ["G", "2-Day Dive & Camp Weekend", "combined", "intermediate", "2 days (weekend)", 395, false],
  ["H", "Overnight Dive & Camp", "combined", "beginner", "Overnight (1 night)", 295, false],
  ["I", "2-Day Coastal Camping Escape", "camping", "beginner", "2 days (weekend)", 245, false],
] as const;
const T = Object.fromEntries(ROWS.map((r) => [r[0], r[1]])) as Record<string, string>;
const titles = (letters: string) => [...letters].map((l) => T[l]);
// Served in the operator's order, featured or not (the sort puts featured first).
const LIST = [...ROWS].reverse().map(([letter, title, category, skill_level, duration, price, featured], i) =>
  adventureFixture({
    id: `adventure-${letter.toLowerCase()}`,
    title,
    category,
    skill_level,
    duration,
    price_num: price,
    featured,
    sort_order: 100 - i,
  }),
);

/** What each list must show, in order. */
const SHOWS = {
  category: { "scuba-diving": titles("ABCDEF"), combined: titles("GH"), camping: titles("I") },
  // Single day: hours or a full day; multi-day: days or a night.
  duration: { "1day": titles("ABCDEF"), weekend: titles("GI"), multiday: titles("GHI") },
  skill: { beginner: titles("AFHI"), intermediate: titles("BCDEG") },
  sort: {
    "price-low": titles("ABDFECIHG"),
    "price-high": titles("GHICEFDBA"),
    // 3 h (A B D), 4 h (E F), 7 h (C), a night (H), two days (G I); ties in popularity order.
    duration: titles("ABDEFCHGI"),
    popularity: titles("ABCDEFGHI"),
  },
} as const;

/** "1 adventure found" / "N adventures found". */
const countText = (n: number) => `${n} ${n === 1 ? "adventure" : "adventures"} found`;

/** The list page as a route, with where the router is and how it got there. */
function ListPage() {
  const { search } = useLocation();
  const how = useNavigationType();
  return (
    <>
      <output data-testid="address">{`${search} ${how}`}</output>
      <AdventureFinder adventures={LIST} />
    </>
  );
}
const Stub = createRoutesStub([{ path: "/adventures", Component: ListPage }]);

const cardTitles = () =>
  page
    .getByTestId("adventure-card")
    .elements()
    .map((c) => c.querySelector("h3")?.textContent);
const count = () => page.getByTestId("adventure-count");
const select = (label: string) => page.getByLabelText(label, { exact: true });
const address = () => page.getByTestId("address").element().textContent ?? "";

const values = (label: string) =>
  [...(select(label).element() as HTMLSelectElement).options].map((o) => o.value);

test("offers exactly the spec's option values and lists everything by popularity", async () => {
  await render(<Stub initialEntries={["/adventures"]} />);
  expect(values("Category")).toEqual(["all", "scuba-diving", "snorkeling", "camping", "combined"]);
  expect(values("Duration")).toEqual(["all", "1day", "weekend", "multiday"]);
  expect(values("Skill level")).toEqual(["all", "beginner", "intermediate", "advanced", "all-levels"]);
  expect(values("Sort by")).toEqual(["popularity", "price-low", "price-high", "duration"]);
  await expect.element(count()).toHaveTextContent(countText(9));
  expect(cardTitles()).toEqual(SHOWS.sort.popularity);
});

test("the category and duration filters narrow the list, the query replaced as they change", async () => {
  await render(<Stub initialEntries={["/adventures"]} />);
  for (const category of ["scuba-diving", "combined", "camping"] as const) {
    await select("Category").selectOptions(category);
    await expect.poll(address).toBe(`?category=${category} REPLACE`);
    await expect.element(count()).toHaveTextContent(countText(SHOWS.category[category].length));
    await expect.poll(cardTitles).toEqual(SHOWS.category[category]);
  }
  await select("Category").selectOptions("all");

  for (const duration of ["1day", "weekend", "multiday"] as const) {
    await select("Duration").selectOptions(duration);
    await expect.poll(address).toBe(`?duration=${duration} REPLACE`);
    await expect.poll(cardTitles).toEqual(SHOWS.duration[duration]);
  }
});

test("the skill filter narrows the list and the sorts order it", async () => {
  await render(<Stub initialEntries={["/adventures"]} />);
  for (const skill of ["beginner", "intermediate"] as const) {
    await select("Skill level").selectOptions(skill);
    await expect.poll(cardTitles).toEqual(SHOWS.skill[skill]);
  }
  await select("Skill level").selectOptions("all");

  for (const sort of ["price-low", "price-high", "duration", "popularity"] as const) {
    await select("Sort by").selectOptions(sort);
    await expect.poll(cardTitles).toEqual(SHOWS.sort[sort]);
  }
  // Ascending prices really are ascending on screen.
  // (The list before, by popularity, may also start at $95: wait for the new order itself.)
  await select("Sort by").selectOptions("price-low");
  await expect.poll(cardTitles).toEqual(SHOWS.sort["price-low"]);
  const cards = page.getByTestId("adventure-card");
  expect(cards.first().element().textContent).toContain("$95");
  expect(cards.last().element().textContent).toContain("$395");
});

test("combined filters can find nothing; Clear All Filters brings everything back", async () => {
  await render(<Stub initialEntries={["/adventures"]} />);
  // Both in the query; no camping trip is for advanced divers.
  await select("Category").selectOptions("camping");
  await select("Skill level").selectOptions("advanced");
  await expect.poll(address).toBe("?category=camping&skill=advanced REPLACE");
  await expect.element(page.getByRole("heading", { name: "No adventures found" })).toBeVisible();
  expect(page.getByTestId("adventure-card").elements()).toHaveLength(0);
  await expect.element(count()).toHaveTextContent("0 adventures found");

  await page.getByRole("link", { name: "Clear All Filters" }).click();
  await expect.poll(address).toBe(" REPLACE");
  await expect.element(count()).toHaveTextContent(countText(9));
  await expect.element(select("Category")).toHaveValue("all");
  await expect.element(select("Duration")).toHaveValue("all");
  await expect.element(select("Skill level")).toHaveValue("all");
  await expect.element(select("Sort by")).toHaveValue("popularity");
});

test("a filtered list offers Reset filters back to all of them", async () => {
  await render(
    <Stub
      initialEntries={["/adventures?category=combined&duration=weekend&skill=intermediate&sort=duration"]}
    />,
  );
  // Dive & camp, a weekend, intermediate: only the 2-day weekend.
  await expect.element(count()).toHaveTextContent(countText(1));
  await expect.poll(cardTitles).toEqual([T.G]);
  await expect.element(select("Sort by")).toHaveValue("duration");
  await page.getByRole("link", { name: "Reset filters" }).click();
  await expect.element(count()).toHaveTextContent(countText(9));
  expect(page.getByRole("link", { name: "Reset filters" }).elements()).toHaveLength(0);
});

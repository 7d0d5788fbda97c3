import { createRoutesStub } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { page } from "vitest/browser";
import { AdventureFinder } from "../../app/components/AdventureFinder";
import { ReviewList } from "../../app/components/ReviewList";
import { EARLY_CONTROLS_SCRIPT } from "../../app/lib/early-controls";
import { adventureFixture } from "./adventure-fixture";
import { serverHtml } from "./server-html";

// As every public page's <head> runs it, before anything else.
beforeAll(() => {
  const script = document.createElement("script");
  script.textContent = EARLY_CONTROLS_SCRIPT;
  document.head.append(script);
});

/** The address each submitted form asked the browser for (the submission itself is held back). */
function submissions(container: HTMLElement): string[] {
  const asked: string[] = [];
  container.addEventListener("submit", (e) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const query = new URLSearchParams(new FormData(form) as unknown as string[][]);
    asked.push(`${form.method} ${form.getAttribute("action")}?${query}`);
  });
  return asked;
}

const REVIEWS = [
  { id: "r1", customer_name: "Ana", content: "Great.", rating: 5, location: "Sydney", image: "" },
  { id: "r2", customer_name: "Ben", content: "Lovely.", rating: 5, location: "Perth", image: "" },
].map((r, i) => ({
  ...r,
  adventure_type: i === 0 ? "dive-exhibition" : "camping-only-2day",
  adventure_title: i === 0 ? "Discover Scuba Diving" : "2-Day Coastal Camping Escape",
}));
const Reviews = createRoutesStub([
  {
    path: "/reviews",
    Component: () => <ReviewList reviews={REVIEWS} adventures={[]} initialAdventure="all" />,
  },
]);

test("before hydration a changed dropdown submits its filter form; after it the list filters in place", async () => {
  const html = serverHtml(<Reviews initialEntries={["/reviews"]} />);
  const asked = submissions(html.container);
  const select = html.screen.getByLabelText("Filter by adventure");
  await select.selectOptions("camping-only-2day");
  expect(asked).toEqual(["get /reviews?adventure=camping-only-2day"]);

  await html.hydrate();
  await select.selectOptions("dive-exhibition");
  expect(asked).toHaveLength(1);
  await expect.element(page.getByTestId("reviews-count")).toHaveTextContent("1 review");
  expect(page.getByTestId("review-card").element().textContent).toContain("Discover Scuba Diving");
});

const Adventures = createRoutesStub([
  {
    path: "/adventures",
    Component: () => (
      <AdventureFinder
        adventures={[
          adventureFixture({ id: "a", title: "Discover Scuba Diving", category: "scuba-diving" }),
          adventureFixture({ id: "b", title: "2-Day Coastal Camping Escape", category: "camping" }),
        ]}
      />
    ),
  },
]);

test("the adventure filters ask the server for the list they describe until React takes over", async () => {
  const html = serverHtml(<Adventures initialEntries={["/adventures"]} />);
  const asked = submissions(html.container);
  await html.screen.getByLabelText("Category", { exact: true }).selectOptions("camping");
  expect(asked).toEqual(["get /adventures?category=camping&duration=all&skill=all&sort=popularity"]);
  // "Clear All Filters" and "Reset filters" are links to the unfiltered list.
  await html.hydrate();
  await html.screen.getByLabelText("Category", { exact: true }).selectOptions("scuba-diving");
  expect(asked).toHaveLength(1);
  await expect.element(page.getByTestId("adventure-count")).toHaveTextContent("1 adventure found");
});

test("a dropdown of a form without the mark, and a text field of one with it, submit nothing", async () => {
  const { container, screen } = serverHtml(
    <>
      <form method="get" action="/unmarked">
        <select aria-label="Unmarked" name="x" defaultValue="1">
          <option value="1">One</option>
          <option value="2">Two</option>
        </select>
      </form>
      <form method="get" action="/marked" data-submit-on-change="">
        <input aria-label="Text" name="q" />
      </form>
    </>,
  );
  const asked = submissions(container);
  await screen.getByLabelText("Unmarked").selectOptions("2");
  await screen.getByLabelText("Text").fill("kelp");
  (container.querySelector("input") as HTMLInputElement).blur();
  expect(asked).toEqual([]);
});

import { afterEach, describe, expect, test } from "vitest";
import { type Locator, page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { PhotoGallery } from "../../app/components/PhotoGallery";
import { serverHtml } from "./server-html";

/** Photos per category; equipment and team have one each (the count's singular). */
const PER_CATEGORY = {
  diving: 3,
  camping: 2,
  equipment: 1,
  team: 1,
  adventure: 2,
  both: 2,
  nature: 2,
  hiking: 2,
};
const IMAGES = Object.entries(PER_CATEGORY).flatMap(([category, n]) =>
  Array.from({ length: n }, (_, i) => ({
    id: `${category}-${i + 1}`,
    title: `${category} photo ${i + 1}`,
    description: `What ${category} photo ${i + 1} shows.`,
    alt: `${category} ${i + 1}`,
    image_url: "/logo.svg",
    category,
  })),
);
const TOTAL = IMAGES.length;
const showing = (n: number) => `Showing ${n} ${n === 1 ? "image" : "images"}`;

const thumbs = () => page.getByTestId("gallery-thumb");
const count = () => page.getByTestId("gallery-count");
const filter = (name: string) =>
  page.getByRole("group", { name: "Filter photos by category" }).getByRole("button", { name, exact: true });
const viewer = () => page.getByRole("dialog", { name: "Gallery image viewer" });
const titlesShown = () =>
  thumbs()
    .elements()
    .map((el) => (el.getAttribute("aria-label") ?? "").replace(/: view larger$/, ""));

// The filter writes the category into the address; each test starts from a clean one.
const start = window.location.href;
afterEach(() => window.history.replaceState(window.history.state, "", start));

describe("category filter", () => {
  test("the buttons filter the images and the count follows, singular and plural", async () => {
    await render(<PhotoGallery images={IMAGES} initialCategory="all" />);
    await expect.element(count()).toHaveTextContent(showing(TOTAL));
    expect(thumbs().elements()).toHaveLength(TOTAL);
    const labels = page
      .getByRole("group", { name: "Filter photos by category" })
      .getByRole("button")
      .elements()
      .map((b) => b.textContent);
    expect(labels).toEqual([
      "All",
      "Diving",
      "Camping",
      "Equipment",
      "Team",
      "Adventure",
      "Dive & Camp",
      "Nature",
      "Hiking",
    ]);
    await expect.element(filter("All")).toHaveAttribute("aria-pressed", "true");

    let sawSingular = false;
    let sum = 0;
    for (const label of labels.slice(1) as string[]) {
      await filter(label).click();
      await expect.element(filter(label)).toHaveAttribute("aria-pressed", "true");
      await expect.element(filter("All")).toHaveAttribute("aria-pressed", "false");
      const n = thumbs().elements().length;
      sum += n;
      expect(n, `${label} has photos`).toBeGreaterThan(0);
      expect(page.getByRole("button", { name: "Show all photos" }).elements()).toHaveLength(0);
      await expect.element(count()).toHaveTextContent(showing(n));
      if (n === 1) sawSingular = true;
    }
    // Every image belongs to exactly one category.
    expect(sum).toBe(TOTAL);
    expect(sawSingular).toBe(true);

    // The address follows, without a navigation.
    await filter("Diving").click();
    expect(new URLSearchParams(window.location.search).get("category")).toBe("diving");
    expect(thumbs().elements()).toHaveLength(PER_CATEGORY.diving);
    await filter("All").click();
    expect(new URLSearchParams(window.location.search).has("category")).toBe(false);
    expect(thumbs().elements()).toHaveLength(TOTAL);
    await expect.element(count()).toHaveTextContent(showing(TOTAL));
  });

  test("the initial category is the one the address asked for", async () => {
    await render(<PhotoGallery images={IMAGES} initialCategory="hiking" />);
    await expect.element(filter("Hiking")).toHaveAttribute("aria-pressed", "true");
    expect(thumbs().elements()).toHaveLength(PER_CATEGORY.hiking);
    await expect.element(count()).toHaveTextContent(showing(PER_CATEGORY.hiking));
  });

  test("a category without photos shows the empty state and a way back to all photos", async () => {
    const withoutHiking = IMAGES.filter((i) => i.category !== "hiking");
    await render(<PhotoGallery images={withoutHiking} initialCategory="hiking" />);
    await expect.element(count()).toHaveTextContent(showing(0));
    expect(thumbs().elements()).toHaveLength(0);
    await expect.element(page.getByText("No photos here yet", { exact: true })).toBeVisible();
    await expect
      .element(page.getByText("We haven't added any Hiking photos so far. Check back after our next trip."))
      .toBeVisible();
    await page.getByRole("button", { name: "Show all photos" }).click();
    await expect.element(filter("All")).toHaveAttribute("aria-pressed", "true");
    expect(thumbs().elements()).toHaveLength(withoutHiking.length);
    expect(page.getByText("No photos here yet", { exact: true }).elements()).toHaveLength(0);
  });
});

describe("image viewer", () => {
  test("opens on click and closes by its button, the backdrop and Escape", async () => {
    await render(<PhotoGallery images={IMAGES} initialCategory="all" />);
    const titles = titlesShown();
    const first = thumbs().first();

    // Close button; focus moves in, then back to the thumbnail.
    await first.click();
    await expect.element(viewer()).toBeVisible();
    await expect.element(viewer()).toHaveAttribute("aria-modal", "true");
    await expect.element(viewer().getByRole("heading", { name: titles[0] })).toBeVisible();
    await expect.element(viewer().getByRole("img")).toBeVisible();
    await expect.element(viewer().getByRole("button", { name: "Close image viewer" })).toHaveFocus();
    expect(document.body.style.overflow).toBe("hidden");
    await viewer().getByRole("button", { name: "Close image viewer" }).click();
    await expect.element(viewer()).not.toBeInTheDocument();
    await expect.element(first).toHaveFocus();
    expect(document.body.style.overflow).toBe("");

    // Backdrop (a corner away from the image and the controls).
    await first.click();
    await expect.element(viewer()).toBeVisible();
    await viewer()
      .getByTestId("lightbox-backdrop")
      .click({ position: { x: 5, y: 5 } });
    await expect.element(viewer()).not.toBeInTheDocument();

    // Clicking the image itself keeps it open.
    await first.click();
    await viewer().getByRole("img").click();
    await expect.element(viewer()).toBeVisible();

    // Escape.
    await userEvent.keyboard("{Escape}");
    await expect.element(viewer()).not.toBeInTheDocument();
    await expect.element(first).toHaveFocus();
  });

  test("moves to the next and previous image by keyboard and buttons, focus kept inside", async () => {
    await render(<PhotoGallery images={IMAGES} initialCategory="all" />);
    const titles = titlesShown();
    const n = titles.length;
    const heading = viewer().getByRole("heading", { level: 2 });

    await thumbs().first().click();
    await expect.element(heading).toHaveTextContent(titles[0]);
    await expect.element(viewer().getByText(`1 / ${n}`)).toBeVisible();

    await userEvent.keyboard("{ArrowRight}");
    await expect.element(heading).toHaveTextContent(titles[1]);
    await expect.element(viewer().getByText(`2 / ${n}`)).toBeVisible();
    await userEvent.keyboard("{ArrowLeft}");
    await expect.element(heading).toHaveTextContent(titles[0]);
    // Wraps around from the first to the last.
    await userEvent.keyboard("{ArrowLeft}");
    await expect.element(heading).toHaveTextContent(titles[n - 1]);

    await viewer().getByRole("button", { name: "Next image" }).click();
    await expect.element(heading).toHaveTextContent(titles[0]);
    await viewer().getByRole("button", { name: "Previous image" }).click();
    await expect.element(heading).toHaveTextContent(titles[n - 1]);

    // Tab stays inside the viewer.
    for (let i = 0; i < 4; i++) {
      await userEvent.keyboard("{Tab}");
      expect(viewer().element().contains(document.activeElement)).toBe(true);
    }

    // Closing returns focus to the thumbnail of the image shown last.
    await userEvent.keyboard("{Escape}");
    await expect.element(thumbs().nth(n - 1)).toHaveFocus();
  });

  test("steps only through the filtered images", async () => {
    await render(<PhotoGallery images={IMAGES} initialCategory="diving" />);
    const titles = titlesShown();
    expect(titles).toHaveLength(PER_CATEGORY.diving);
    await thumbs().first().click();
    await expect.element(viewer().getByText(`1 / ${titles.length}`)).toBeVisible();
    await userEvent.keyboard("{ArrowLeft}");
    await expect
      .element(viewer().getByRole("heading", { level: 2 }))
      .toHaveTextContent(titles[titles.length - 1]);
  });
});

describe("before the scripts run (the server's HTML alone)", () => {
  const nativeViewer = (screen: Locator) => screen.getByRole("dialog", { name: "Gallery image viewer" });
  /** Previous and next in the popover of the image at `index` (labels of the neighbours' thumbnails). */
  const control = (index: number, name: string) =>
    page.elementLocator(
      [...document.querySelectorAll<HTMLElement>(`[data-lightbox-popover="${index}"] label`)].find(
        (label) => label.textContent === name,
      ) as HTMLElement,
    );

  test("a thumbnail opens its image, which steps on and closes by its button, the backdrop and Escape", async () => {
    const { screen } = serverHtml(<PhotoGallery images={IMAGES} initialCategory="diving" />);
    const tiles = screen.getByTestId("gallery-thumb");
    await tiles.nth(0).click();
    await expect.element(nativeViewer(screen)).toBeVisible();
    await expect.element(nativeViewer(screen).getByRole("heading", { name: "diving photo 1" })).toBeVisible();
    await expect.element(nativeViewer(screen).getByText(`1 / ${PER_CATEGORY.diving}`)).toBeVisible();
    await expect.element(nativeViewer(screen).getByRole("img")).toBeVisible();

    // Next, and previous from the first wraps to the last.
    await control(0, "Next image").click();
    await expect.element(nativeViewer(screen).getByRole("heading", { name: "diving photo 2" })).toBeVisible();
    expect(document.querySelectorAll(":popover-open")).toHaveLength(1);
    await control(1, "Previous image").click();
    await control(0, "Previous image").click();
    await expect.element(nativeViewer(screen).getByRole("heading", { name: "diving photo 3" })).toBeVisible();

    await nativeViewer(screen).getByRole("button", { name: "Close image viewer" }).click();
    await expect.element(nativeViewer(screen)).not.toBeInTheDocument();
    await tiles.nth(1).click();
    await expect.element(nativeViewer(screen)).toBeVisible();
    await page
      .elementLocator(document.querySelector(":popover-open [data-testid=lightbox-backdrop]") as HTMLElement)
      .click({ position: { x: 5, y: 5 } });
    await expect.element(nativeViewer(screen)).not.toBeInTheDocument();
    await tiles.nth(1).click();
    await userEvent.keyboard("{Escape}");
    await expect.element(nativeViewer(screen)).not.toBeInTheDocument();
    await expect.element(tiles.nth(1)).toHaveFocus();
  });

  test("a category button asks the server for that category", async () => {
    const { container, screen } = serverHtml(<PhotoGallery images={IMAGES} initialCategory="all" />);
    let asked: string | null = null;
    container.addEventListener("submit", (e) => {
      e.preventDefault();
      const form = e.target as HTMLFormElement;
      const query = new URLSearchParams(new FormData(form, e.submitter) as unknown as string[][]);
      asked = `${form.getAttribute("action")}?${query}`;
    });
    await screen.getByRole("button", { name: "Camping", exact: true }).click();
    expect(asked).toBe("/gallery?category=camping");
  });

  test("an image opened before hydration moves into the modal viewer when React takes over", async () => {
    const html = serverHtml(<PhotoGallery images={IMAGES} initialCategory="camping" />);
    await html.screen.getByTestId("gallery-thumb").nth(1).click();
    await expect.element(nativeViewer(html.screen)).toBeVisible();
    await html.hydrate();
    expect(document.querySelectorAll(":popover-open")).toHaveLength(0);
    await expect.element(viewer()).toHaveAttribute("aria-modal", "true");
    await expect.element(viewer().getByRole("heading", { level: 2 })).toHaveTextContent("camping photo 2");
    await userEvent.keyboard("{ArrowRight}");
    await expect.element(viewer().getByRole("heading", { level: 2 })).toHaveTextContent("camping photo 1");
  });
});

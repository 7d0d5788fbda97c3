import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { type Locator, page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { NAV_LINKS, SiteHeader } from "../../app/components/SiteHeader";
import { serverHtml } from "./server-html";

const PATHS = [
  "/",
  "/adventures",
  "/weekend",
  "/gallery",
  "/reviews",
  "/about",
  "/contact",
  "/faq",
  "/privacy",
  "/book",
];

/** The header above a tall page showing its path; every public path a link leads to exists. */
function PageWithHeader() {
  return (
    <>
      <SiteHeader siteTitle="Tidewater Dive & Camp" logo="/logo.svg" />
      <main id="main" style={{ height: "3000px" }}>
        <h1>{useLocation().pathname}</h1>
      </main>
    </>
  );
}
const Stub = createRoutesStub(PATHS.map((p) => ({ path: p, Component: PageWithHeader })));
const Header = ({ path = "/" }: { path?: string }) => <Stub initialEntries={[path]} />;

const header = () => page.getByTestId("site-header");
const toggle = () => header().getByRole("button", { name: /menu/i });
/** The phone menu: the element the toggle controls. */
const menu = (): Locator =>
  page.elementLocator(
    document.getElementById(toggle().element().getAttribute("aria-controls") ?? "") as HTMLElement,
  );
const hrefs = (links: Locator) =>
  links.elements().map((a) => [(a.textContent ?? "").trim(), a.getAttribute("href") ?? ""]);
const scrollTo = async (y: number) => {
  window.scrollTo({ top: y, behavior: "instant" });
  await expect.poll(() => Math.round(window.scrollY)).toBe(y);
};
const NAV = NAV_LINKS.map((l) => [l.label, l.to]);

afterEach(() => window.scrollTo({ top: 0, behavior: "instant" }));

describe("desktop header (1280 px)", () => {
  test("has the spec's navigation in order, Book Now goes to /book, and the current page is marked", async () => {
    await page.viewport(1280, 800);
    await render(<Header path="/about" />);
    const links = header()
      .getByRole("navigation", { name: "Main" })
      .getByRole("list")
      .first()
      .getByRole("link");
    expect(hrefs(links)).toEqual([
      ["Home", "/"],
      ["Adventures", "/adventures"],
      ["Typical Weekend", "/weekend"],
      ["Gallery", "/gallery"],
      ["Reviews", "/reviews"],
      ["About", "/about"],
      ["Contact", "/contact"],
      ["FAQ", "/faq"],
    ]);
    for (const link of links.all()) await expect.element(link).toBeVisible();
    await expect.element(links.nth(5)).toHaveAttribute("aria-current", "page");
    await expect.element(links.nth(0)).not.toHaveAttribute("aria-current");

    // Every link marks its page once chosen.
    for (const [i, [, to]] of NAV.entries()) {
      await links.nth(i).click();
      await expect.element(page.getByRole("heading", { level: 1 })).toHaveTextContent(to);
      await expect.element(links.nth(i)).toHaveAttribute("aria-current", "page");
    }

    const book = header().getByRole("link", { name: "Book Now", exact: true });
    await expect.element(book).toBeVisible();
    await expect.element(book).toHaveAttribute("href", "/book");
    await book.click();
    await expect.element(page.getByRole("heading", { level: 1 })).toHaveTextContent("/book");
  });

  test("on the home page the bar is transparent at the top and solid past 50 px", async () => {
    await page.viewport(1280, 800);
    await render(<Header />);
    const bg = () => getComputedStyle(header().element()).backgroundColor;
    await expect.element(header()).toHaveAttribute("data-solid", "false");
    // The transparent bar really shows the hero through it.
    expect(bg()).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    await scrollTo(50);
    await expect.element(header()).toHaveAttribute("data-solid", "false");
    await scrollTo(51);
    await expect.element(header()).toHaveAttribute("data-solid", "true");
    await expect.poll(bg).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    await scrollTo(800);
    await expect.element(header()).toHaveAttribute("data-solid", "true");
    await scrollTo(0);
    await expect.element(header()).toHaveAttribute("data-solid", "false");
  });

  test("a page already scrolled when the header starts shows the solid bar", async () => {
    await page.viewport(1280, 800);
    document.body.style.minHeight = "4000px";
    await scrollTo(600);
    await render(<Header />);
    await expect.element(header()).toHaveAttribute("data-solid", "true");
    document.body.style.minHeight = "";
  });

  test("every page but home has the solid bar at any scroll; navigating back home makes it transparent", async () => {
    await page.viewport(1280, 800);
    for (const path of PATHS.slice(1)) {
      const screen = await render(<Header path={path} />);
      await expect.element(header()).toHaveAttribute("data-solid", "true");
      await scrollTo(400);
      await expect.element(header()).toHaveAttribute("data-solid", "true");
      await scrollTo(0);
      await expect.element(header()).toHaveAttribute("data-solid", "true");
      await screen.unmount();
    }
    await render(<Header />);
    const nav = header().getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Gallery", exact: true }).click();
    await expect.element(header()).toHaveAttribute("data-solid", "true");
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect.element(header()).toHaveAttribute("data-solid", "false");
  });

  test("a skip link is the first stop of the keyboard and jumps to the main content", async () => {
    await page.viewport(1280, 800);
    await render(<Header path="/about" />);
    await userEvent.keyboard("{Tab}");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect.element(skip).toHaveFocus();
    await expect.element(skip).toBeVisible();
    await expect.element(skip).toHaveAttribute("href", "#main");
  });
});

describe("phone menu (375 px)", () => {
  test("the toggle opens the same links plus Book Adventure, makes the bar solid, and closes again", async () => {
    await page.viewport(375, 812);
    await render(<Header />);
    // The desktop links and Book Now are not shown on a phone; the menu carries Book Adventure.
    const desktopLinks = header().getByRole("navigation", { name: "Main" }).element().querySelector("ul");
    await expect.element(page.elementLocator(desktopLinks as HTMLElement)).not.toBeVisible();
    const bookNow = header().element().querySelector('nav a[href="/book"]') as HTMLElement;
    expect(bookNow.textContent).toBe("Book Now");
    await expect.element(page.elementLocator(bookNow)).not.toBeVisible();
    await expect.element(toggle()).toHaveAccessibleName("Open menu");
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "false");
    await expect.element(menu()).not.toBeVisible();

    await toggle().click();
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "true");
    await expect.element(toggle()).toHaveAccessibleName("Close menu");
    await expect.element(menu()).toBeVisible();
    const links = menu().getByRole("link");
    expect(hrefs(links)).toEqual([...NAV, ["Book Adventure", "/book"]]);
    for (const link of links.all()) await expect.element(link).toBeVisible();
    // Opening the menu makes the bar solid, so the links are readable.
    await expect.element(header()).toHaveAttribute("data-solid", "true");

    await toggle().click();
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "false");
    await expect.element(menu()).not.toBeVisible();
    await expect.element(header()).toHaveAttribute("data-solid", "false");
  });

  test("Escape closes the menu and returns focus to the toggle; so does a tap on the dimmed page", async () => {
    await page.viewport(375, 812);
    await render(<Header />);
    await toggle().click();
    await expect.element(menu()).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect.element(menu()).not.toBeVisible();
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "false");
    await expect.element(toggle()).toHaveFocus();
    // Back on the home hero, the bar is transparent again.
    await expect.element(header()).toHaveAttribute("data-solid", "false");

    // The page under the dimmed area is not reached by the tap that closes the menu.
    let reached = 0;
    const main = document.getElementById("main") as HTMLElement;
    main.addEventListener("click", () => reached++);
    await toggle().click();
    // Low on the screen, below the menu's links: the dimmed page.
    const [x, y] = [187, 760];
    const dimmed = document.elementFromPoint(x, y) as HTMLElement;
    expect(main.contains(dimmed)).toBe(false);
    const box = dimmed.getBoundingClientRect();
    await page.elementLocator(dimmed).click({ position: { x: x - box.left, y: y - box.top } });
    await expect.element(menu()).not.toBeVisible();
    await expect.element(page.getByRole("heading", { level: 1 })).toHaveTextContent("/");
    expect(reached).toBe(0);
  });

  test("choosing a link navigates and closes the menu", async () => {
    await page.viewport(375, 812);
    await render(<Header />);
    await toggle().click();
    await menu().getByRole("link", { name: "Gallery", exact: true }).click();
    await expect.element(page.getByRole("heading", { level: 1 })).toHaveTextContent("/gallery");
    await expect.element(menu()).not.toBeVisible();
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "false");

    await toggle().click();
    await menu().getByRole("link", { name: "Book Adventure" }).click();
    await expect.element(page.getByRole("heading", { level: 1 })).toHaveTextContent("/book");
    await expect.element(menu()).not.toBeVisible();
  });

  test("works with the keyboard alone", async () => {
    await page.viewport(375, 812);
    await render(<Header path="/faq" />);
    // Skip link, logo, then the toggle.
    await userEvent.keyboard("{Tab}{Tab}{Tab}");
    await expect.element(toggle()).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "true");
    // The menu's links follow the toggle in the keyboard order.
    await userEvent.keyboard("{Tab}");
    await expect.element(menu().getByRole("link", { name: "Home", exact: true })).toHaveFocus();
    await userEvent.keyboard("{Tab}");
    await expect.element(menu().getByRole("link", { name: "Adventures", exact: true })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect.element(page.getByRole("heading", { level: 1 })).toHaveTextContent("/adventures");
    await expect.element(menu()).not.toBeVisible();

    toggle().element().focus();
    await userEvent.keyboard(" ");
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "true");
    // Escape with focus in the menu: closed, focus back on the toggle.
    await userEvent.keyboard("{Tab}{Escape}");
    await expect.element(menu()).not.toBeVisible();
    await expect.element(toggle()).toHaveFocus();
  });

  test("the menu closes when the window grows to the desktop layout", async () => {
    await page.viewport(375, 812);
    await render(<Header />);
    await toggle().click();
    await expect.element(toggle()).toHaveAttribute("aria-expanded", "true");
    await page.viewport(1280, 800);
    await expect.element(header()).toHaveAttribute("data-solid", "false");
    await page.viewport(375, 812);
    await expect.element(menu()).not.toBeVisible();
  });

  test("before the scripts run, the server's HTML opens and closes the menu itself, and the bar follows", async () => {
    await page.viewport(375, 812);
    const html = serverHtml(<Header />);
    const bar = html.screen.getByTestId("site-header");
    const button = bar.getByRole("button", { name: "Open menu" });
    const panel = page.elementLocator(
      document.getElementById(button.element().getAttribute("aria-controls") ?? "") as HTMLElement,
    );
    expect(getComputedStyle(bar.element()).backgroundColor).toMatch(/rgba\(0, 0, 0, 0\)/);
    await button.click();
    await expect.element(panel).toBeVisible();
    await expect.element(bar.getByRole("button", { name: "Close menu" })).toBeVisible();
    // Solid through CSS alone: nothing has run.
    expect(getComputedStyle(bar.element()).backgroundColor).not.toMatch(/rgba\(0, 0, 0, 0\)/);
    await userEvent.keyboard("{Escape}");
    await expect.element(panel).not.toBeVisible();

    // Opened before hydration: React takes over with the menu open.
    await bar.getByRole("button", { name: "Open menu" }).click();
    await html.hydrate();
    await expect
      .element(bar.getByRole("button", { name: "Close menu" }))
      .toHaveAttribute("aria-expanded", "true");
    await expect.element(bar).toHaveAttribute("data-solid", "true");
  });
});

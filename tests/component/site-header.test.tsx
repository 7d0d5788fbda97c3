import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { SiteHeader } from "../../app/components/SiteHeader";

function Header() {
  const header = () => <SiteHeader siteTitle="Tidewater Dive & Camp" logo="/logo.svg" />;
  const Stub = createRoutesStub([
    { path: "/", Component: header },
    { path: "/gallery", Component: header },
  ]);
  return <Stub initialEntries={["/"]} />;
}

test("the phone menu opens from its toggle and closes on Escape, focus back on the toggle", async () => {
  await page.viewport(375, 812);
  const screen = await render(<Header />);
  const toggle = screen.getByRole("button", { name: "Open menu" });
  const menu = page.elementLocator(
    document.getElementById(toggle.element().getAttribute("aria-controls") ?? "") as HTMLElement,
  );
  await expect.element(menu).not.toBeVisible();
  await toggle.click();
  await expect.element(menu).toBeVisible();
  await expect
    .element(screen.getByRole("button", { name: "Close menu" }))
    .toHaveAttribute("aria-expanded", "true");
  await userEvent.keyboard("{Escape}");
  await expect.element(menu).not.toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
});

/** The console's pager: the count in words, Newer and Older moving the URL's page, stale parameters dropped. */
import { createRoutesStub, useLocation } from "react-router";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { Pager } from "../../app/components/admin/ui/pager";

function Screen({ pages, total }: { pages: number; total: number }) {
  const { search } = useLocation();
  const current = Number(new URLSearchParams(search).get("page") ?? "1");
  return (
    <>
      <p data-testid="search">{search}</p>
      <Pager page={current} pages={pages} total={total} noun={["email", "emails"]} drop={["email"]} />
    </>
  );
}

const TwoPages = () => <Screen pages={2} total={51} />;
const OnePage = () => <Screen pages={1} total={1} />;

test("moves through the pages, keeping the filters and dropping an opened row", async () => {
  const Stub = createRoutesStub([{ path: "/", Component: TwoPages }]);
  render(<Stub initialEntries={["/?status=failed&email=e1"]} />);
  await expect.element(page.getByText("51 emails · page 1 of 2")).toBeVisible();
  await expect.element(page.getByRole("button", { name: "Newer" })).toBeDisabled();
  await page.getByRole("button", { name: "Older" }).click();
  await expect.element(page.getByTestId("search")).toHaveTextContent("?status=failed&page=2");
  await expect.element(page.getByText("51 emails · page 2 of 2")).toBeVisible();
  await expect.element(page.getByRole("button", { name: "Older" })).toBeDisabled();
  await page.getByRole("button", { name: "Newer" }).click();
  await expect.element(page.getByTestId("search")).toHaveTextContent("?status=failed&page=1");
});

test("says one in the singular", async () => {
  const Stub = createRoutesStub([{ path: "/", Component: OnePage }]);
  render(<Stub initialEntries={["/"]} />);
  await expect.element(page.getByText("1 email · page 1 of 1")).toBeVisible();
});

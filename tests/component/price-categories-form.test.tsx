import { createRoutesStub } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { render } from "vitest-browser-react";
import { PriceCategoriesForm } from "../../app/components/admin/prices/PriceCategoriesForm";
import { adminAction } from "../../app/lib/admin-data";
import type { PriceCategory } from "../../app/lib/price-categories";

/**
 * The adventure editor's price categories: with none the adventure is booked
 * at its single price; adding starts Adult at that price beside a new row;
 * rows are reordered and removed before the whole ordered list is PUT; the
 * server's refusal is shown in its own words.
 */
afterEach(() => vi.restoreAllMocks());

let current: PriceCategory[] = [];
function Form() {
  return <PriceCategoriesForm adventureId="reef-dive" categories={current} basePrice={120} />;
}
const Stub = createRoutesStub([
  {
    path: "/admin/adventures-pro/:id",
    action: (args) => adminAction(args as Parameters<typeof adminAction>[0]),
    Component: Form,
  },
]);

function renderForm(categories: PriceCategory[], answer: (body: unknown) => Response) {
  current = categories;
  const sent: unknown[] = [];
  vi.spyOn(window, "fetch").mockImplementation(async (input, init) => {
    const body = JSON.parse(String(init?.body ?? "null"));
    sent.push({ method: init?.method, path: String(input), body });
    return answer(body);
  });
  return { sent, screen: render(<Stub initialEntries={["/admin/adventures-pro/reef-dive"]} />) };
}

const echo = (body: unknown) =>
  Response.json({
    categories: (body as { categories: { name: string; price: number }[] }).categories.map((c, i) => ({
      id: `c${i}`,
      name: c.name,
      price_cents: Math.round(c.price * 100),
      age_min: 0,
      age_max: null,
      takes_spot: true,
      needs_dive_paperwork: true,
    })),
  });

test("with no category the single price stands; two categories are added, reordered and saved in order", async () => {
  const { sent, screen: pending } = renderForm([], echo);
  const screen = await pending;
  await expect.element(screen.getByTestId("single-price")).toBeVisible();
  expect(screen.getByTestId("single-price").element().textContent).toMatch(/^Booked at the one Price above/);

  await screen.getByRole("button", { name: "Add category" }).click();
  await expect.element(screen.getByRole("textbox", { name: "Category 1 name" })).toHaveValue("Adult");
  await screen.getByRole("textbox", { name: "Category 2 name" }).fill("Child");
  await screen.getByRole("spinbutton", { name: "Price ($)" }).nth(1).fill("80");
  await screen.getByRole("spinbutton", { name: "Age from" }).nth(1).fill("8");
  await screen.getByRole("spinbutton", { name: "Age to" }).nth(1).fill("15");
  await screen.getByRole("button", { name: "Add category" }).click();
  await screen.getByRole("textbox", { name: "Category 3 name" }).fill("Observer");
  await screen.getByRole("checkbox", { name: "Needs dive paperwork" }).nth(2).click();
  await screen.getByRole("button", { name: "Move category 3 up" }).click();
  await screen.getByRole("button", { name: "Remove category 1" }).click();
  await screen.getByRole("button", { name: "Save prices" }).click();

  await expect.element(screen.getByText("Prices saved.")).toBeVisible();
  const write = sent[0] as { method: string; path: string; body: { categories: unknown[] } };
  expect(write.method).toBe("PUT");
  expect(write.path).toBe("/api/admin/adventures/reef-dive/price-categories");
  expect(write.body.categories).toEqual([
    {
      name: "Observer",
      price: 120,
      age_min: 0,
      age_max: null,
      takes_spot: true,
      needs_dive_paperwork: false,
    },
    { name: "Child", price: 80, age_min: 8, age_max: 15, takes_spot: true, needs_dive_paperwork: true },
  ]);
});

test("kept categories keep their ids, and a refusal is shown in the server's words", async () => {
  const kept: PriceCategory[] = [
    {
      id: "adult",
      name: "Adult",
      price_cents: 12000,
      age_min: 16,
      age_max: null,
      takes_spot: true,
      needs_dive_paperwork: true,
    },
    {
      id: "child",
      name: "Child",
      price_cents: 8000,
      age_min: 8,
      age_max: 15,
      takes_spot: true,
      needs_dive_paperwork: true,
    },
  ];
  const { sent, screen: pending } = renderForm(kept, () =>
    Response.json(
      {
        detail: "Maximum age must be at least the minimum age",
        errors: { "categories.1.age_max": "Maximum age must be at least the minimum age" },
      },
      { status: 400 },
    ),
  );
  const screen = await pending;
  await expect.element(screen.getByTestId("single-price")).not.toBeInTheDocument();
  await screen.getByRole("spinbutton", { name: "Age to" }).nth(1).fill("5");
  await screen.getByRole("button", { name: "Save prices" }).click();
  await expect
    .element(screen.getByRole("alert"))
    .toHaveTextContent("Maximum age must be at least the minimum age");
  const body = (sent[0] as { body: { categories: { id?: string; age_max: number | null }[] } }).body;
  expect(body.categories.map((c) => c.id)).toEqual(["adult", "child"]);
  expect(body.categories[1].age_max).toBe(5);
});

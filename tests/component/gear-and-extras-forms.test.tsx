import { createRoutesStub } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { render } from "vitest-browser-react";
import { GearItemForm } from "../../app/components/admin/gear/GearItemForm";
import type { ExtraView, GearItemView } from "../../app/components/admin/gear/gear-view";
import { ExtrasPanel } from "../../app/components/admin/prices/ExtrasPanel";
import { adminAction } from "../../app/lib/admin-data";

/**
 * The gear item form sends the name and the whole stock list (a removed row
 * is a size no longer owned; a blank row is none); the extras panel lists the
 * adventure's active extras with the gear they hand out and sends a new one
 * in cents with the gear items ticked.
 */
afterEach(() => vi.restoreAllMocks());

const SUIT: GearItemView = {
  id: "suit",
  name: "Wetsuit",
  stock: [
    { size: "M", quantity: 3 },
    { size: "S", quantity: 2 },
  ],
};
const FINS: GearItemView = { id: "fins", name: "Fins", stock: [] };
const EXTRAS: ExtraView[] = [
  {
    id: "x1",
    adventure_id: "reef",
    name: "Gear set",
    price_cents: 4500,
    per: "person",
    required: false,
    gear_item_ids: ["suit", "fins"],
    is_active: true,
  },
  {
    id: "x2",
    adventure_id: "reef",
    name: "Old meal",
    price_cents: 900,
    per: "booking",
    required: false,
    gear_item_ids: [],
    is_active: false,
  },
  {
    id: "x3",
    adventure_id: "other",
    name: "Elsewhere",
    price_cents: 100,
    per: "booking",
    required: false,
    gear_item_ids: [],
    is_active: true,
  },
];

let screenUnder: "gear" | "extras" = "gear";
function Screen() {
  return screenUnder === "gear" ? (
    <GearItemForm item={SUIT} onDone={() => {}} onCancel={() => {}} />
  ) : (
    <ExtrasPanel adventureId="reef" extras={EXTRAS} gearItems={[SUIT, FINS]} currency="aud" />
  );
}
const Stub = createRoutesStub([
  {
    path: "/admin/x",
    action: (args) => adminAction(args as Parameters<typeof adminAction>[0]),
    Component: Screen,
  },
]);

function sending() {
  const sent: { method?: string; path: string; body: unknown }[] = [];
  vi.spyOn(window, "fetch").mockImplementation(async (input, init) => {
    sent.push({ method: init?.method, path: String(input), body: JSON.parse(String(init?.body)) });
    return Response.json({}, { status: 200 });
  });
  return sent;
}

test("the gear form sends the item's name and every size owned, without a removed or blank row", async () => {
  screenUnder = "gear";
  const sent = sending();
  const screen = await render(<Stub initialEntries={["/admin/x"]} />);
  await screen.getByRole("spinbutton", { name: "Owned" }).first().fill("6");
  await screen.getByRole("button", { name: "Remove size 2" }).click();
  await screen.getByRole("button", { name: "Add size" }).click();
  await screen.getByRole("button", { name: "Add size" }).click();
  await screen.getByRole("textbox", { name: "Size 2" }).fill("XL");
  await screen.getByRole("spinbutton", { name: "Owned" }).nth(1).fill("1");
  await screen.getByRole("button", { name: "Save" }).click();
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    method: "PUT",
    path: "/api/admin/gear/suit",
    body: {
      name: "Wetsuit",
      stock: [
        { size: "M", quantity: "6" },
        { size: "XL", quantity: "1" },
      ],
    },
  });
});

test("the extras panel lists the active extras of its adventure and adds one in cents with its gear", async () => {
  screenUnder = "extras";
  const sent = sending();
  const screen = await render(<Stub initialEntries={["/admin/x"]} />);
  await expect.element(screen.getByTestId("extra-row")).toBeVisible();
  // One row: the inactive extra and another adventure's are not listed.
  expect(screen.getByTestId("extra-row").elements()).toHaveLength(1);
  const row = screen.getByTestId("extra-row").element().textContent ?? "";
  expect(row).toContain("$45 per person");
  expect(row).toContain("Hands out: Wetsuit, Fins");
  await screen.getByRole("textbox", { name: "Extra name" }).fill("Dive computer");
  await screen.getByRole("spinbutton", { name: "Price ($)" }).fill("12.5");
  await screen.getByRole("combobox", { name: "Charged" }).selectOptions("booking");
  await screen.getByRole("checkbox", { name: "Fins" }).click();
  await screen.getByRole("button", { name: "Add extra" }).click();
  await expect.element(screen.getByText("Dive computer added.")).toBeVisible();
  expect(sent[0]).toEqual({
    method: "POST",
    path: "/api/admin/adventures/reef/extras",
    body: {
      name: "Dive computer",
      price_cents: 1250,
      per: "booking",
      required: false,
      gear_item_ids: ["fins"],
    },
  });
});

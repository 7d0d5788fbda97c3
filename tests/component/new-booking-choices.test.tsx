import { createRoutesStub } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { render } from "vitest-browser-react";
import type { BookingOptions } from "../../app/components/admin/new-booking/choices";
import { NewBookingForm } from "../../app/components/admin/new-booking/NewBookingForm";
import { adminAction } from "../../app/lib/admin-data";

/**
 * The console's phone booking for an adventure with two price categories and
 * a gear extra: the group is counted per category, the extra asks a size per
 * person who takes it, the estimate adds both up, and the booking is sent as
 * counts, group_size (the spots) and extras with their sizes. Without
 * categories or extras the form is the spec's group-size select.
 */
afterEach(() => vi.restoreAllMocks());

const ADVENTURE = {
  id: "reef-dive",
  title: "Reef dive",
  base_price: 150,
  currency: "aud",
  group_size_min: 1,
  group_size_max: 8,
};
const DATE = {
  id: "d1",
  adventure_id: "reef-dive",
  date: "2030-03-02",
  available_spots: 8,
  booked_spots: 0,
  free_spots: 8,
  price_override: null,
  notes: "",
  is_available: true,
  weather_dependent: false,
};
const cat = (id: string, name: string, cents: number, age_min: number, age_max: number | null) => ({
  id,
  name,
  price_cents: cents,
  age_min,
  age_max,
  takes_spot: true,
  needs_dive_paperwork: true,
});
const OPTIONS: BookingOptions = {
  categories: [cat("adult", "Adult", 15000, 16, null), cat("child", "Child", 9000, 8, 15)],
  extras: [
    {
      id: "wet",
      name: "Wetsuit hire",
      price_cents: 2000,
      per: "person",
      required: false,
      gear: [{ id: "suit", name: "Wetsuit", sizes: ["S", "M"] }],
    },
  ],
};

let current: BookingOptions = { categories: [], extras: [] };
function Form() {
  return (
    <NewBookingForm
      adventureId="reef-dive"
      adventures={[ADVENTURE]}
      dates={[DATE]}
      options={current}
      loadFailed={false}
      today="2030-03-01"
      onAdventure={() => {}}
    />
  );
}
const Stub = createRoutesStub([
  {
    path: "/admin/bookings/new",
    action: (args) => adminAction(args as Parameters<typeof adminAction>[0]),
    Component: Form,
  },
]);

function renderForm(options: BookingOptions) {
  current = options;
  const sent: Record<string, unknown>[] = [];
  vi.spyOn(window, "fetch").mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return Response.json({ detail: "Stop here", errors: {} }, { status: 409 });
  });
  return { sent, screen: render(<Stub initialEntries={["/admin/bookings/new"]} />) };
}

test("counts per category and a gear extra with sizes are sent, and the estimate adds them up", async () => {
  const { sent, screen: pending } = renderForm(OPTIONS);
  const screen = await pending;
  await expect.element(screen.getByRole("combobox", { name: "Group size" })).not.toBeInTheDocument();
  await screen.getByRole("spinbutton", { name: /^Adult \(16\+\)/ }).fill("2");
  await screen.getByRole("spinbutton", { name: /^Child \(8-15\)/ }).fill("1");
  await screen.getByRole("spinbutton", { name: /^Wetsuit hire/ }).fill("2");
  await screen.getByRole("combobox", { name: "Wetsuit size, person 1" }).selectOptions("M");
  await screen.getByRole("combobox", { name: "Wetsuit size, person 2" }).selectOptions("S");
  // 2 × $150 + 1 × $90 + 2 × $20
  await expect.element(screen.getByText("$430.00")).toBeVisible();

  await screen.getByRole("combobox", { name: "Date" }).selectOptions("2030-03-02");
  await screen.getByRole("textbox", { name: "First name" }).fill("Ana");
  await screen.getByRole("textbox", { name: "Email" }).fill("ana@example.com");
  await screen.getByRole("button", { name: "Book and send the payment link" }).click();
  await expect.element(screen.getByText("Stop here")).toBeVisible();
  expect(sent[0]).toMatchObject({
    group_size: 3,
    categories: { adult: 2, child: 1 },
    extras: [{ extra_id: "wet", quantity: 2, sizes: { suit: ["M", "S"] } }],
  });
});

test("without categories or extras the form is the spec's: a group-size select and nothing else sent", async () => {
  const { sent, screen: pending } = renderForm({ categories: [], extras: [] });
  const screen = await pending;
  await expect.element(screen.getByTestId("category-counts")).not.toBeInTheDocument();
  await expect.element(screen.getByTestId("extras-choice")).not.toBeInTheDocument();
  await screen.getByRole("combobox", { name: "Group size" }).selectOptions("2");
  await expect.element(screen.getByText("$300.00")).toBeVisible();
  await screen.getByRole("combobox", { name: "Date" }).selectOptions("2030-03-02");
  await screen.getByRole("button", { name: "Book and send the payment link" }).click();
  await expect.element(screen.getByText("Stop here")).toBeVisible();
  expect(sent[0].group_size).toBe(2);
  expect(sent[0]).not.toHaveProperty("categories");
  expect(sent[0]).not.toHaveProperty("extras");
});

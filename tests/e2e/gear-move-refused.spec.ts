/**
 * The operator's change names a gear shortfall on the new date: a booking
 * hiring the shop's only medium wetsuit on one date, another hiring it on the
 * next; "Check the change" for the first to the second date shows the stock
 * rule's words on the form, at a desk and on a phone. The rule itself (every
 * move, the locks, a change waiting for its payment) is in tests/api/gear-moves.
 */
import { expect, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  cancelBooking,
  openDates,
  payCheckout,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";

const ADVENTURE = "dive-exhibition";

test("checking a move to a date whose wetsuits are hired out names the item, size and date", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const name = `Wetsuit ${Date.now().toString(36)}`;
  const gear = await request.post("/api/admin/gear", {
    headers: bearer(token),
    data: { name, stock: [{ size: "M", quantity: 1 }] },
  });
  expect(gear.status(), await gear.text()).toBe(201);
  const itemId = ((await gear.json()) as { gear_item: { id: string } }).gear_item.id;
  const made = await request.post(`/api/admin/adventures/${ADVENTURE}/extras`, {
    headers: bearer(token),
    data: { name: "Wetsuit hire", price_cents: 2_000, per: "person", gear_item_ids: [itemId] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const extraId = ((await made.json()) as { extra: { id: string } }).extra.id;
  const booked: string[] = [];
  try {
    const [first, second] = await openDates(request, ADVENTURE);
    for (const date of [first.date, second.date]) {
      const res = await request.post("/api/bookings", {
        data: {
          adventure_id: ADVENTURE,
          selected_date: date,
          group_size: 1,
          customer_first_name: "Ava",
          customer_last_name: "Walker",
          customer_email: uniqueEmail("gear-move"),
          customer_phone: "0400 123 456",
          extras: [{ extra_id: extraId, sizes: { [itemId]: ["M"] } }],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const booking = (await res.json()) as {
        booking_id: string;
        checkout_url: string;
        reference: string;
        session_id: string;
      };
      booked.push(booking.booking_id);
      await payCheckout(request, booking);
    }

    await signIn(page, token);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/bookings/${booked[0]}`);
    const form = page.getByTestId("booking-change");
    await form.getByLabel("Date").fill(second.date);
    await form.getByRole("button", { name: "Check the change" }).click();
    await expect(form.getByRole("alert")).toContainText(
      `${name} M is all hired out on ${second.date}; choose another size or date.`,
    );
    await expect(page.getByTestId("change-preview")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("gear-move-refused-375.png") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("gear-move-refused-1280.png") });
  } finally {
    await request.post(`/api/admin/extras/${extraId}/deactivate`, { headers: bearer(token) });
    for (const id of booked) await cancelBooking(request, token, id);
  }
});

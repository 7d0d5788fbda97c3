/**
 * The date change's review step as the server renders it: a nearer date that
 * lowers what a cancellation would refund says so in money before the
 * customer confirms; a move that keeps the refund share says nothing of it.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Reschedule from "../../app/routes/public/my-booking-reschedule.tsx";
import type { RescheduleOption } from "../../server/domain/bookings/reschedule-offer.server.ts";

const OPTION: RescheduleOption = {
  date: "2030-01-08",
  startTime: "",
  key: "2030-01-08",
  display: "Tue, 8 Jan 2030",
  spotsLeft: 4,
  unitCents: 10_000,
  totalCents: 20_000,
  differenceCents: 0,
  differenceText: "No change in price",
  refundDropText: "Your refund if you cancel drops from $200.00 to $100.00",
};

function review(option: RescheduleOption): string {
  const page = {
    reference: "TW-ABC123",
    adventureTitle: "Guided Shore Dive",
    date: "2030-01-20",
    startTime: "",
    group: "2 people",
    totalCents: 20_000,
    currency: "aud",
    offer: {
      offered: true,
      options: [option],
      currency: "aud",
      changeWindow: "until 48 hours before the trip",
    },
    picked: option,
    pickedMissing: false,
  };
  const Stub = createRoutesStub([
    { id: "page", path: "/my-booking/:token/reschedule", Component: Reschedule as never },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/my-booking/tok123/reschedule?date=2030-01-08"],
      hydrationData: { loaderData: { page: { page } }, actionData: null },
    }),
  ).replace(/<!-- -->/g, "");
}

describe("the review step of a date change", () => {
  it("says the refund a nearer date loses, in money, before the confirm button", () => {
    const html = review(OPTION);
    const drop = html.indexOf("Your refund if you cancel drops from $200.00 to $100.00");
    expect(drop).toBeGreaterThan(-1);
    expect(drop).toBeLessThan(html.indexOf("Confirm new date"));
  });

  it("says nothing of the refund when the move keeps its share", () => {
    expect(review({ ...OPTION, refundDropText: null })).not.toContain("Your refund if you cancel drops");
  });

  it("sends the departure's time with the date where it has one, and none where it has not", () => {
    const timed = review({
      ...OPTION,
      startTime: "13:00",
      key: "2030-01-08T13:00",
      display: "Tuesday 8 January 2030, 1:00 pm",
    });
    expect(timed).toMatch(/<input type="hidden" name="start_time" value="13:00"\/>/);
    expect(timed).toContain("Tuesday 8 January 2030, 1:00 pm");
    expect(review(OPTION)).not.toContain('name="start_time"');
  });
});

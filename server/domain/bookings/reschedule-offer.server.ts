/**
 * What the customer's page shows of a date change: which dates the booking
 * may move to (and at what price difference) or why it may not, and what
 * became of the latest change. The rules are in app/lib/reschedule.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import { atDepartureTime, departureKey, departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import type { EffectivePolicy } from "../../../app/lib/policy.ts";
import { refundCents, refundPercent } from "../../../app/lib/policy-refund.ts";
import { changeWindowText } from "../../../app/lib/policy-words.ts";
import {
  differenceText,
  movedTotalCents,
  priceDifferenceCents,
  type RescheduleBlock,
  refundDropText,
  rescheduleBlock,
  rescheduleBlockText,
} from "../../../app/lib/reschedule.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, bookingChanges, payments } from "../../db/schema.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { listDateOptions } from "./availability.server.ts";
import type { LinkedBooking } from "./booking-links.server.ts";
import { bookingTerms } from "./booking-terms.server.ts";
import { type BookingChangeRow, holdingChange } from "./reschedule-move.server.ts";
import { calledOffForWeather } from "./weather-offers.server.ts";

/** One departure the booking could move to, with what the move costs. */
export interface RescheduleOption {
  date: string;
  /** The departure's start time ("HH:MM"), or "" where its date has one departure without its own. */
  startTime: string;
  /** What the list's choice sends: the date, with "T" and the time where the departure has one (departureKey). */
  key: string;
  /** "Saturday, 6 December 2026", with ", 1:00 pm" where the departure has a time. */
  display: string;
  spotsLeft: number;
  unitCents: number;
  totalCents: number;
  differenceCents: number;
  differenceText: string;
  /** When the move lowers the refund share a cancellation would give: the drop in money, else null. */
  refundDropText: string | null;
}

export type RescheduleOffer =
  | {
      offered: true;
      options: RescheduleOption[];
      currency: string;
      /** "until 48 hours before the trip": the adventure's date-change window in words. */
      changeWindow: string;
    }
  | { offered: false; block: RescheduleBlock; reason: string; checkoutUrl: string | null };

/**
 * What the booking may move to now: the departures of moveDepartures (the
 * /book list less the booking's own departure and those without room for the
 * whole group), each priced as /book prices it.
 */
export async function rescheduleOffer(db: DB, linked: LinkedBooking, at: Date): Promise<RescheduleOffer> {
  const { booking: b } = linked;
  const pending = await holdingChange(db, b.id);
  const terms = await bookingTerms(db, b);
  const block = rescheduleBlock(
    {
      status: b.bookingStatus,
      paid: linked.payment !== null,
      date: b.selectedDate,
      changePending: !!pending,
      calledOff: await calledOffForWeather(db, b),
    },
    at,
    terms.policy,
  );
  if (block) {
    let checkoutUrl: string | null = null;
    if (pending?.paymentId) {
      const [p] = await db.select().from(payments).where(eq(payments.id, pending.paymentId));
      if (p?.status === "open" && p.checkoutUrl) checkoutUrl = p.checkoutUrl;
    }
    return { offered: false, block, reason: rescheduleBlockText(block, terms.policy), checkoutUrl };
  }
  // What cancelling would refund now, and after the move: counted to the new departure, or the original's when the policy keeps its terms.
  const refundAt = (totalCents: number, date: string, policy: EffectivePolicy) => ({
    percent: refundPercent(date, at, policy),
    cents: refundCents(totalCents, date, at, policy),
  });
  const refundNow = refundAt(b.totalAmountCents, terms.date, terms.policy);
  const keeps = terms.policy.movedKeepsOriginalTerms;
  const options = (await moveDepartures(db, b, at)).map((d): RescheduleOption => {
    const unitCents = Math.round(d.price * 100);
    const totalCents = movedTotalCents(unitCents, b.groupSize, b.priceLines, b.promoDiscountCents);
    const differenceCents = priceDifferenceCents(
      unitCents,
      b.groupSize,
      b.totalAmountCents,
      b.promoDiscountCents,
      b.priceLines,
    );
    return {
      date: d.date,
      startTime: d.startTime,
      key: departureKey(d.date, d.startTime),
      display: d.display,
      spotsLeft: d.spotsLeft,
      unitCents,
      totalCents,
      differenceCents,
      differenceText: differenceText(differenceCents, b.currency),
      refundDropText: refundDropText(
        refundNow,
        keeps
          ? refundAt(totalCents, terms.date, terms.policy)
          : refundAt(totalCents, d.date, atDepartureTime(terms.policy, d.startTime)),
        b.currency,
      ),
    };
  });
  if (options.length === 0) {
    return {
      offered: false,
      block: "no_other_dates",
      reason: rescheduleBlockText("no_other_dates", terms.policy),
      checkoutUrl: null,
    };
  }
  return { offered: true, options, currency: b.currency, changeWindow: changeWindowText(terms.policy) };
}

/**
 * The departures a move may go to: the /book list of the adventure (its notice
 * period, counted to each departure's start), open with room for the whole
 * group, one entry per departure (a date with several lists each), less the
 * departure the booking is on (another time on its own date is a move).
 */
export async function moveDepartures(db: DB, b: BookingRow, at: Date) {
  const dates = (await listDateOptions(db, b.adventureId, at)) ?? [];
  return dates
    .flatMap((d) =>
      d.departures
        ? d.departures.map((x) => ({ ...x, date: d.date }))
        : [{ ...d, start_time: d.start_time ?? "" }],
    )
    .filter(
      (d) =>
        d.available &&
        d.spots_left >= b.groupSize &&
        !(d.date === b.selectedDate && d.start_time === b.startTime),
    )
    .map((d) => ({
      date: d.date,
      startTime: d.start_time,
      display: departureText(d.date, d.start_time, "full"),
      spotsLeft: d.spots_left,
      price: d.price,
    }));
}

/** The departures a free (weather) move may go to: moveDepartures, without prices (the price stays). */
export async function freeMoveDates(db: DB, b: BookingRow, at: Date) {
  return (await moveDepartures(db, b, at)).map((d) => ({
    date: d.date,
    startTime: d.startTime,
    key: departureKey(d.date, d.startTime),
    display: d.display,
    spotsLeft: d.spotsLeft,
  }));
}

/** The booking's latest date change, for the notice on its page. */
export async function latestChange(db: DB, bookingId: string): Promise<BookingChangeRow | null> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.bookingId, bookingId))
    .orderBy(desc(bookingChanges.createdAt))
    .limit(1);
  return row ?? null;
}

/** A paid date change's checkout, read by the return page. */
export async function changeForSession(deps: BookingDeps, sessionId: string) {
  if (!sessionId || sessionId.length > 255) return null;
  const [row] = await deps.db
    .select({ change: bookingChanges, payment: payments })
    .from(payments)
    .innerJoin(bookingChanges, eq(bookingChanges.paymentId, payments.id))
    .where(
      and(
        eq(payments.provider, deps.payments.name),
        eq(payments.sessionId, sessionId),
        eq(payments.kind, "reschedule"),
      ),
    );
  return row ?? null;
}

/**
 * The manage page's part: whether a date change is offered (and why not),
 * and, when the page is opened after a change (?changed=1), a sentence on
 * what became of the latest one.
 */
export async function dateChangeView(db: DB, linked: LinkedBooking, at: Date, request: Request) {
  const offer = await rescheduleOffer(db, linked, at);
  let notice: string | null = null;
  if (new URL(request.url).searchParams.get("changed") === "1") {
    const change = await latestChange(db, linked.booking.id);
    const money = (cents: number) => formatMoney(cents, linked.booking.currency, true);
    const to = change ? departureText(change.toDate, change.toStartTime, "full") : "";
    if (change?.source === "operator") {
      // A change agreed with the operator (date, group or both) and paid through its link.
      const what = `${to}, ${peopleText(change.groupSize)}`;
      notice =
        change.status === "done"
          ? `Your booking is changed: ${what}. Thank you for your payment of ${money(change.priceDifferenceCents)}. We have emailed you the details.`
          : change.status === "holding"
            ? `We are waiting for your payment for the change to ${what}. This page shows it once it is confirmed.`
            : `Your booking was not changed: the payment was not completed. It stays on ${departureText(linked.booking.selectedDate, linked.booking.startTime, "full")}, ${peopleText(linked.booking.groupSize)}.`;
    } else if (change?.status === "done") {
      notice = `Your booking has moved to ${to}.${
        change.priceDifferenceCents < 0
          ? ` A refund of ${money(-change.priceDifferenceCents)} is on its way to your card; it usually shows within 5-10 business days.`
          : change.priceDifferenceCents > 0
            ? ` Thank you for your payment of ${money(change.priceDifferenceCents)}.`
            : ""
      } We have emailed you the new ${change.toDate === change.fromDate ? "time" : "date"}.`;
    } else if (change?.status === "released") {
      notice = `Your date was not changed: the payment for ${to} was not completed. Your booking stays on ${departureText(linked.booking.selectedDate, linked.booking.startTime, "full")}.`;
    } else if (change?.status === "holding") {
      notice = `We are waiting for your payment for the move to ${to}. This page shows the new date once it is confirmed.`;
    }
  }
  return {
    offered: offer.offered,
    reason: offer.offered ? null : offer.reason,
    checkoutUrl: offer.offered ? null : offer.checkoutUrl,
    notice,
  };
}

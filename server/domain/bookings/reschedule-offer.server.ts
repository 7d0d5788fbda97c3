/**
 * What the customer's page shows of a date change: which dates the booking
 * may move to (and at what price difference) or why it may not, and what
 * became of the latest change. The rules are in app/lib/reschedule.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import { bookingTotalCents } from "../../../app/lib/booking.ts";
import { formatDateAU } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { refundCents, refundPercent } from "../../../app/lib/policy-refund.ts";
import { changeWindowText } from "../../../app/lib/policy-words.ts";
import {
  differenceText,
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

/** One date the booking could move to, with what the move costs. */
export interface RescheduleOption {
  date: string;
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
 * What the booking may move to now: the /book date list of its adventure
 * (its notice period, open dates only), less the current date and dates
 * without room for the whole group, each priced as /book prices it.
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
  const dates = (await listDateOptions(db, b.adventureId, at)) ?? [];
  // What cancelling would refund now, and after the move: the new date's terms, or the original's when the policy keeps them.
  const refundAt = (totalCents: number, date: string) => ({
    percent: refundPercent(date, at, terms.policy),
    cents: refundCents(totalCents, date, at, terms.policy),
  });
  const refundNow = refundAt(b.totalAmountCents, terms.date);
  const options = dates
    .filter((d) => d.available && d.date !== b.selectedDate && d.spots_left >= b.groupSize)
    .map((d): RescheduleOption => {
      const unitCents = Math.round(d.price * 100);
      const totalCents = bookingTotalCents(unitCents, b.groupSize);
      const differenceCents = priceDifferenceCents(unitCents, b.groupSize, b.totalAmountCents);
      return {
        date: d.date,
        display: d.display,
        spotsLeft: d.spots_left,
        unitCents,
        totalCents,
        differenceCents,
        differenceText: differenceText(differenceCents, b.currency),
        refundDropText: refundDropText(
          refundNow,
          refundAt(totalCents, terms.policy.movedKeepsOriginalTerms ? terms.date : d.date),
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

/** The dates a free (weather) move may go to: the /book list of the adventure, open with room for the group. */
export async function freeMoveDates(db: DB, b: BookingRow, at: Date) {
  const dates = (await listDateOptions(db, b.adventureId, at)) ?? [];
  return dates
    .filter((d) => d.available && d.date !== b.selectedDate && d.spots_left >= b.groupSize)
    .map((d) => ({ date: d.date, display: d.display, spotsLeft: d.spots_left }));
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
    const to = change ? formatDateAU(change.toDate, "full") : "";
    if (change?.source === "operator") {
      // A change agreed with the operator (date, group or both) and paid through its link.
      const what = `${to}, ${peopleText(change.groupSize)}`;
      notice =
        change.status === "done"
          ? `Your booking is changed: ${what}. Thank you for your payment of ${money(change.priceDifferenceCents)}. We have emailed you the details.`
          : change.status === "holding"
            ? `We are waiting for your payment for the change to ${what}. This page shows it once it is confirmed.`
            : `Your booking was not changed: the payment was not completed. It stays on ${formatDateAU(linked.booking.selectedDate, "full")}, ${peopleText(linked.booking.groupSize)}.`;
    } else if (change?.status === "done") {
      notice = `Your booking has moved to ${to}.${
        change.priceDifferenceCents < 0
          ? ` A refund of ${money(-change.priceDifferenceCents)} is on its way to your card; it usually shows within 5-10 business days.`
          : change.priceDifferenceCents > 0
            ? ` Thank you for your payment of ${money(change.priceDifferenceCents)}.`
            : ""
      } We have emailed you the new date.`;
    } else if (change?.status === "released") {
      notice = `Your date was not changed: the payment for ${to} was not completed. Your booking stays on ${formatDateAU(linked.booking.selectedDate, "full")}.`;
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

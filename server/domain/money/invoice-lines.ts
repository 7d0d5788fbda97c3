/**
 * What a booking's document lists: the adventure at its subtotal (or one line
 * per price category and extra booked), then a promo discount as a negative
 * line, so a document's total and its GST (1/11 of the taxable total) are of
 * what is actually paid. Pure: the issuing is invoices.server.ts.
 */
import { departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { bookingTotalCents, hasCategoryLines } from "../../../app/lib/price-lines.ts";
import type { BookingRow, InvoiceLine } from "../../db/schema.ts";

/** The booking's line: the adventure, its date and its group, at the booking's total. */
function bookingLine(b: BookingRow, totalCents = b.totalAmountCents): InvoiceLine {
  return {
    description: `${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime, "full")} (${peopleText(b.groupSize)}), booking ${b.reference}`,
    quantity: b.groupSize,
    unit_cents: Math.round(totalCents / b.groupSize),
    total_cents: totalCents,
    taxable: true,
  };
}

/**
 * A booking's lines: the adventure at its subtotal and, when a promo code gave
 * a discount, the discount as a line of its own below it (negative, taxable),
 * so the document's total and its GST (1/11 of the taxable total) are of what
 * is actually paid.
 */
export function bookingLines(b: BookingRow): InvoiceLine[] {
  if (b.priceLines.length) return [...priceLineItems(b), ...promoLine(b)];
  if (!b.promoDiscountCents) return [bookingLine(b)];
  return [bookingLine(b, b.totalAmountCents + b.promoDiscountCents), ...promoLine(b)];
}

/**
 * A booking with price lines: the people at the spec's price when no category was booked, then
 * one invoice line per price line (each category booked, each extra), at the booking's prices.
 */
function priceLineItems(b: BookingRow): InvoiceLine[] {
  const people = hasCategoryLines(b.priceLines)
    ? []
    : [bookingLine(b, bookingTotalCents(b.unitPriceCents, b.groupSize))];
  const what = `${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime, "full")}, booking ${b.reference}`;
  return [
    ...people,
    ...b.priceLines.map((l) => ({
      description: `${l.label}: ${what}`,
      quantity: l.quantity,
      unit_cents: l.unit_cents,
      total_cents: l.total_cents,
      taxable: true,
    })),
  ];
}

/** The promo discount as a line of its own (negative, taxable), or nothing. */
function promoLine(b: BookingRow): InvoiceLine[] {
  if (!b.promoDiscountCents) return [];
  return [
    {
      description: `Promo code ${b.promoCode ?? ""}`.trim(),
      quantity: 1,
      unit_cents: -b.promoDiscountCents,
      total_cents: -b.promoDiscountCents,
      taxable: true,
    },
  ];
}

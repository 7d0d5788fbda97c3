/**
 * A booking's price as lines: each price category it was booked in (2 adults,
 * 1 child) and each extra it took (a gear set per person, a meal pack per
 * booking), copied into the booking when it is placed so that every place that
 * shows its money (checkout, emails, manage page, invoice, console, revenue)
 * reads the same lines, and a later price change never rewrites a booking.
 *
 * A booking placed without categories or extras has no lines: it is the
 * spec's booking, one price per person times the group, and everything shows
 * it exactly as before. The promo discount is not a line here: it is kept
 * beside the total (bookings.promo_discount_cents) and shown below the lines.
 */

import { formatMoney } from "./money.ts";

/** Total in cents for a per-person price: integer arithmetic only. */
export function bookingTotalCents(unitPriceCents: number, groupSize: number): number {
  if (!Number.isInteger(unitPriceCents) || !Number.isInteger(groupSize)) {
    throw new Error("bookingTotalCents takes whole cents and a whole group size");
  }
  return unitPriceCents * groupSize;
}

export type PriceLineKind = "category" | "extra";

export interface PriceLine {
  kind: PriceLineKind;
  /** The category's or the extra's id at the time of booking (kept even if it is later removed). */
  ref_id: string;
  /** What the customer reads: "Adult", "Child (8-15)", "Full gear set (M)". */
  label: string;
  quantity: number;
  unit_cents: number;
  total_cents: number;
}

/** The subtotal of a booking's lines, before any promo discount. */
export function linesSubtotalCents(lines: readonly PriceLine[]): number {
  return lines.reduce((sum, l) => sum + l.total_cents, 0);
}

/** What a booking's extras come to (its extra lines), before any promo discount: revenue's extras part. */
export function extrasCents(lines: readonly PriceLine[]): number {
  return linesSubtotalCents(lines.filter((l) => l.kind === "extra"));
}

/** One line, its total worked out from its quantity and unit price. */
export function priceLine(p: Omit<PriceLine, "total_cents">): PriceLine {
  return { ...p, total_cents: p.quantity * p.unit_cents };
}

/**
 * A booking's subtotal before any promo discount: its category lines, or the
 * spec's unit price times the group when it has none, plus any extra lines.
 */
export function bookingSubtotalCents(
  unitCents: number,
  groupSize: number,
  lines: readonly PriceLine[],
): number {
  return (hasCategoryLines(lines) ? 0 : bookingTotalCents(unitCents, groupSize)) + linesSubtotalCents(lines);
}

/**
 * The lines as one sentence, for the checkout description and plain-text
 * emails: "2 × Adult (16+) $379.00 · 1 × Child (8-15) $120.00".
 */
export function priceLinesText(lines: readonly PriceLine[], currency: string): string {
  return lines
    .map((l) => `${l.quantity} × ${l.label} ${formatMoney(l.total_cents, currency, true)}`)
    .join(" · ");
}

/** One line as a label and an amount, for emails and pages: ["2 × Adult (16+)", "$379.00"]. */
export function priceLineRow(l: PriceLine, currency: string): [string, string] {
  return [`${l.quantity} × ${l.label}`, formatMoney(l.total_cents, currency, true)];
}

/** Whether the booking's people were booked by category (its lines replace the per-person price). */
export const hasCategoryLines = (lines: readonly PriceLine[]): boolean =>
  lines.some((l) => l.kind === "category");

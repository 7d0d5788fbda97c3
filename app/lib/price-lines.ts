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

/** One line, its total worked out from its quantity and unit price. */
export function priceLine(p: Omit<PriceLine, "total_cents">): PriceLine {
  return { ...p, total_cents: p.quantity * p.unit_cents };
}

/**
 * A booking's extra lines in one phrase for the places that show a booking in
 * a line of text (the checkout description, emails, the manage page): " · Full
 * gear set ×3 $150.00, Meal pack ×1 $20.00", or "" when it took none.
 */
export function extrasText(lines: readonly PriceLine[], currency: string): string {
  const extras = lines.filter((l) => l.kind === "extra");
  if (!extras.length) return "";
  return ` · ${extras.map((l) => `${l.label} ×${l.quantity} ${formatMoney(l.total_cents, currency, true)}`).join(", ")}`;
}

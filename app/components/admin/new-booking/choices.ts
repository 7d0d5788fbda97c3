/**
 * The console booking form's counts per price category and its extras, as
 * the operator-booking API takes them (`categories`, `extras`), and the
 * page's estimate of the subtotal from the same rules the server prices with
 * (price-categories.ts, extras.ts); the server's total is the one booked.
 */
import { type ExtraChoice, type ExtraDef, resolveExtras } from "../../../lib/extras";
import { type CategoryCounts, type PriceCategory, priceCategoryCounts } from "../../../lib/price-categories";
import { bookingSubtotalCents, type PriceLine } from "../../../lib/price-lines";

export interface BookingOptions {
  categories: PriceCategory[];
  extras: ExtraDef[];
}

/** What the operator picked of one extra: how many (1 ticks a per-booking one) and a size per unit per gear item. */
export type ExtraPick = { quantity: number; sizes: Record<string, string[]> };
export type ExtraPicks = Record<string, ExtraPick>;

/** How many of an extra are booked: all of a required one, else what was picked. */
export function unitsOf(def: ExtraDef, pick: ExtraPick | undefined, groupSize: number): number {
  if (def.required) return def.per === "person" ? groupSize : 1;
  return pick?.quantity ?? 0;
}

/** The spots the counts take (group_size), 0 when they book no one who takes one. */
export function spotsOf(categories: readonly PriceCategory[], counts: CategoryCounts): number {
  const out = priceCategoryCounts(categories, counts);
  return "error" in out ? 0 : out.spots;
}

/** The picks as the API's `extras`: a required one always (with its sizes), an optional one when taken. */
export function extraChoices(defs: readonly ExtraDef[], picks: ExtraPicks, groupSize: number): ExtraChoice[] {
  return defs.flatMap((def): ExtraChoice[] => {
    const units = unitsOf(def, picks[def.id], groupSize);
    if (units === 0) return [];
    const sizes = Object.fromEntries(
      def.gear.map((g) => [
        g.id,
        Array.from({ length: units }, (_, i) => picks[def.id]?.sizes[g.id]?.[i] ?? ""),
      ]),
    );
    return [
      {
        extra_id: def.id,
        ...(def.required ? {} : { quantity: units }),
        ...(def.gear.length ? { sizes } : {}),
      },
    ];
  });
}

/** The page's estimate before any code or voucher, in cents: the people (lines or the single price) and the extras. */
export function estimateCents(
  unitCents: number,
  groupSize: number,
  options: BookingOptions,
  counts: CategoryCounts,
  picks: ExtraPicks,
): number {
  const people = options.categories.length > 1 ? priceCategoryCounts(options.categories, counts) : null;
  const lines: PriceLine[] = people && !("error" in people) ? [...people.lines] : [];
  const extras = resolveExtras(
    options.extras,
    extraChoices(options.extras, picks, groupSize),
    groupSize,
    false,
  );
  if (!("error" in extras)) lines.push(...extras.lines);
  return bookingSubtotalCents(unitCents, groupSize, lines);
}

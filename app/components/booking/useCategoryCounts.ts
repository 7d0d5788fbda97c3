import { useState } from "react";
import {
  type CategoryCounts,
  type PriceCategory,
  priceCategoryCounts,
  usesCategories,
} from "../../lib/price-categories";
import type { BookableAdventure } from "./flow-state";

const NONE: PriceCategory[] = [];

/**
 * The counts per price category of the chosen adventure (one of the first
 * category to start with), the spots they take and their subtotal, as the
 * form's live total shows them. Display only: the server prices them again.
 */
export function useCategoryCounts(
  adventure: BookableAdventure | null,
  /** What a form post without JavaScript sent, for the adventure it was sent for. */
  sent?: { adventure: string | null; counts?: CategoryCounts },
) {
  const categories = adventure?.price_categories ?? NONE;
  const byCategory = usesCategories(categories);
  const [held, setHeld] = useState<{ adventure: string | null; counts: CategoryCounts }>(() =>
    sent?.counts ? { adventure: sent.adventure, counts: sent.counts } : { adventure: null, counts: {} },
  );
  // Another adventure starts again from one person of its first category.
  const counts =
    held.adventure === (adventure?.id ?? null) ? held.counts : categories[0] ? { [categories[0].id]: 1 } : {};
  const setCount = (id: string, count: number) =>
    setHeld({ adventure: adventure?.id ?? null, counts: { ...counts, [id]: count } });
  const booked = byCategory ? priceCategoryCounts(categories, counts) : null;
  const ok = booked && "lines" in booked ? booked : null;
  return {
    categories,
    byCategory,
    counts,
    setCount,
    /** The lines the summary lists (none for an adventure with one price). */
    lines: ok?.lines ?? [],
    /** The spots the counts take (0 while nobody who takes one is counted). */
    spots: ok?.spots ?? 0,
    error: booked && "error" in booked ? booked.error : undefined,
    /** The counts as the browser had them when the scripts took over (typed before). */
    adopt(form: FormData) {
      if (!byCategory) return;
      const typed = (id: string) => Math.max(0, Math.trunc(Number(form.get(`category_${id}`)) || 0));
      setHeld({
        adventure: adventure?.id ?? null,
        counts: Object.fromEntries(categories.map((c) => [c.id, typed(c.id)])),
      });
    },
  };
}

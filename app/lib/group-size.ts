/**
 * The group-size rule, shared by the adventure cards, the detail page, the
 * booking form, the server's booking check and the admin forms.
 *
 * One instructor leads every trip, so no group is ever larger than four
 * people. Each adventure narrows that with its own group_size_min and
 * group_size_max; whatever an adventure row holds, the range a visitor is
 * offered (and the server accepts) is the adventure's range clamped to
 * 1..MAX_GROUP_SIZE.
 */

/** One instructor takes at most four people. */
export const MAX_GROUP_SIZE = 4;

/** A new adventure's range until the operator narrows it. */
export const DEFAULT_GROUP_SIZE = { min: 1, max: MAX_GROUP_SIZE } as const;

export interface GroupSizeRange {
  min: number;
  max: number;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.trunc(n)));

/**
 * The range an adventure can actually be booked for: its own minimum and
 * maximum, kept within 1..MAX_GROUP_SIZE, and never a minimum above the
 * maximum. Missing or non-numeric values fall back to the default range.
 */
export function groupSizeRange(adventure: {
  group_size_min?: number | null;
  group_size_max?: number | null;
}): GroupSizeRange {
  const rawMax = Number.isFinite(adventure.group_size_max)
    ? Number(adventure.group_size_max)
    : DEFAULT_GROUP_SIZE.max;
  const rawMin = Number.isFinite(adventure.group_size_min)
    ? Number(adventure.group_size_min)
    : DEFAULT_GROUP_SIZE.min;
  const max = clamp(rawMax, 1, MAX_GROUP_SIZE);
  return { min: clamp(rawMin, 1, max), max };
}

/** "1 person", "3 people". */
export function peopleText(n: number): string {
  return `${n} ${n === 1 ? "person" : "people"}`;
}

/** The range as visitors read it: "1-4 people", or "2 people" when min equals max. */
export function groupSizeText(range: GroupSizeRange): string {
  return range.min === range.max ? peopleText(range.min) : `${range.min}-${range.max} people`;
}

/**
 * The group sizes the booking form offers: the adventure's range, cut to the
 * spots left on the chosen date when that is fewer. Never empty: with fewer
 * spots left than the adventure's minimum, the minimum alone is offered and
 * the server explains why it cannot be booked.
 */
export function groupSizeChoices(range: GroupSizeRange, spotsLeft?: number): number[] {
  const top = spotsLeft === undefined ? range.max : Math.max(range.min, Math.min(range.max, spotsLeft));
  return Array.from({ length: top - range.min + 1 }, (_, i) => range.min + i);
}

/** Why a group of `size` cannot book this range, or null when it can. */
export function groupSizeError(size: number, range: GroupSizeRange, title: string): string | null {
  if (size > range.max) return `Group size for ${title} is at most ${range.max}`;
  if (size < range.min) return `Group size for ${title} is at least ${range.min}`;
  return null;
}

/**
 * Group size text to numbers: "1-4 people", "2–3", "1 to 4", "Up to 4",
 * "2 people". Null when no number is found or the range is out of order.
 */
export function parseGroupSize(text: string): { min: number; max: number } | null {
  const t = text.trim().toLowerCase();
  const range = /(\d{1,3})\s*(?:-|–|—|to)\s*(\d{1,3})/.exec(t);
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    return min >= 1 && max >= min ? { min, max } : null;
  }
  const upTo = /up\s*to\s*(\d{1,3})/.exec(t);
  if (upTo) {
    const max = Number(upTo[1]);
    return max >= 1 ? { min: 1, max } : null;
  }
  const one = /(\d{1,3})/.exec(t);
  if (one) {
    const n = Number(one[1]);
    return n >= 1 ? { min: n, max: n } : null;
  }
  return null;
}

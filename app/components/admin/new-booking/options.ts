/** What the new-booking form offers: the adventures, their dates as choices, the group sizes. */
import { departureKey, departureText } from "../../../lib/departure";
import { groupSizeRange } from "../../../lib/group-size";
import type { AvailabilityEntry } from "../types";

export interface BookableAdventure {
  id: string;
  title: string;
  base_price: number;
  currency?: string;
  group_size_min: number;
  group_size_max: number;
}

/** The date select's value for "a date with no departure yet". */
export const OTHER_DATE = "other";

/** The select's value for a departure (a date may have several): its key. */
export function departureValue(d: Pick<AvailabilityEntry, "date" | "start_time">): string {
  return departureKey(d.date, d.start_time ?? "");
}

/** One scheduled departure as an option, with its start time where it has one: free spots, or why it cannot be booked. */
export function dateOption(d: AvailabilityEntry): { value: string; label: string; disabled: boolean } {
  const when = departureText(d.date, d.start_time ?? "", "full");
  const value = departureValue(d);
  if (!d.is_available) return { value, label: `${when} · closed`, disabled: true };
  if (d.free_spots <= 0) return { value, label: `${when} · full`, disabled: true };
  return { value, label: `${when} · ${d.free_spots} of ${d.available_spots} free`, disabled: false };
}

/** The group sizes the adventure takes. */
export function groupSizes(adventure: BookableAdventure | undefined): number[] {
  if (!adventure) return [];
  const { min, max } = groupSizeRange(adventure);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** The price per person on a date: its override, else the adventure's (an estimate; the server prices). */
export function unitPrice(
  adventure: BookableAdventure | undefined,
  entry: AvailabilityEntry | undefined,
): number {
  return entry?.price_override ?? adventure?.base_price ?? 0;
}

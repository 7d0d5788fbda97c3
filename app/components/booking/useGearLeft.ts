import { useEffect, useState } from "react";
import { requestJson } from "../../lib/api";
import type { GearLeft } from "../../lib/extras";

const NOTHING: GearLeft = {};

/**
 * What is left of each gear size on the chosen date, for the size selects:
 * asked again whenever the adventure or the date changes, and only for an
 * adventure whose extras hand out gear. `initial` is what the page loader
 * counted for the date a form post without JavaScript sent. A failed read
 * leaves the sizes unmarked (the booking's own stock check still answers).
 */
export function useGearLeft(
  adventureId: string | null,
  date: string,
  hasGear: boolean,
  initial?: { adventure: string | null; date: string; left: GearLeft },
): GearLeft {
  const [held, setHeld] = useState(() => initial ?? { adventure: null, date: "", left: NOTHING });
  useEffect(() => {
    if (!adventureId || !date || !hasGear) return;
    let live = true;
    const url = `/api/adventures/${encodeURIComponent(adventureId)}/gear-left?date=${encodeURIComponent(date)}`;
    requestJson<{ left: GearLeft }>("GET", url).then((r) => {
      if (live && r.ok) setHeld({ adventure: adventureId, date, left: r.data.left });
    });
    return () => {
      live = false;
    };
  }, [adventureId, date, hasGear]);
  // A count of another adventure or date says nothing of this one.
  return held.adventure === adventureId && held.date === date ? held.left : NOTHING;
}

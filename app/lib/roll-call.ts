/**
 * The roll call of a dive: each diver is counted out (into the water) and back
 * in, one tap each. A diver is aboard before going in and after coming back,
 * in the water between. "All aboard" ends the dive, and is refused while
 * anyone is still in the water: a diver left behind is the accident a dive
 * boat fears most. One rule, read by the server and the crew's screen.
 */

import { z } from "zod";

export type DiverState = "aboard" | "in_water" | "back";

export interface DiverMark {
  out_at: string | null;
  back_at: string | null;
}

/** Where a diver is: never gone in (aboard), in the water, or back aboard after the dive. */
export function diverState(mark: DiverMark | undefined): DiverState {
  if (!mark?.out_at) return "aboard";
  return mark.back_at ? "back" : "in_water";
}

export type RollCallAction = "out" | "back";

/**
 * Whether `action` applies to a diver in `state`: in from aboard (or again after
 * coming back), back only from the water. An action that does not apply is a
 * repeat (a second tap, a second phone) and changes nothing.
 */
export function applies(action: RollCallAction, state: DiverState): boolean {
  return action === "out" ? state !== "in_water" : state === "in_water";
}

/** The divers still in the water, in the order given: "All aboard" waits for them. */
export function stillOut<T extends { mark?: DiverMark }>(divers: readonly T[]): T[] {
  return divers.filter((d) => diverState(d.mark) === "in_water");
}

/** "3 of 6 in the water". */
export function inWaterText(inWater: number, divers: number): string {
  return `${inWater} of ${divers} in the water`;
}

export const rollCallMarkSchema = z.strictObject({
  participant_id: z.string({ error: "Participant is required" }).min(1, "Participant is required").max(64),
  action: z.enum(["out", "back"], { error: "Action must be out or back" }),
  buddy_id: z.string({ error: "Buddy must be a diver" }).max(64).nullable().optional(),
});

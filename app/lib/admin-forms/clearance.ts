/**
 * The operator's record of a doctor's clearance, and its undo: who records it
 * (the console has one shared sign-in, so the name is typed), the doctor, the
 * date on the clearance and a note. A request key, made when the dialog
 * opens, lets a repeated submit record once.
 */
import { isIsoDate } from "../dates.ts";
import { z } from "../zod.ts";
import { optionalText, requiredText } from "./fields.ts";

export const CLEARANCE_NOTE_MAX = 1000;

const requestKey = z
  .string({ error: "Request key must be text" })
  .trim()
  .regex(/^[A-Za-z0-9-]{8,64}$/, "Request key must be 8 to 64 letters, digits or dashes")
  .optional();

export const clearanceRecordSchema = z.object({
  recorded_by: requiredText("Recorded by", 100),
  doctor: requiredText("Doctor", 200),
  cleared_on: z
    .string({ error: "Date on the clearance is required" })
    .refine(isIsoDate, "Date on the clearance must be a date (YYYY-MM-DD)"),
  note: optionalText("Note", CLEARANCE_NOTE_MAX),
  request_key: requestKey,
});
export type ClearanceRecordInput = z.output<typeof clearanceRecordSchema>;

export const clearanceUndoSchema = z.object({
  recorded_by: requiredText("Recorded by", 100),
  note: optionalText("Reason", CLEARANCE_NOTE_MAX),
  request_key: requestKey,
});
export type ClearanceUndoInput = z.output<typeof clearanceUndoSchema>;

/**
 * The calendar's dialogs for one date: its spots (never below what is booked)
 * and closing it with a reason. Each says what went wrong, in the dialog,
 * instead of the old screen's browser prompt and silent failures.
 */

import { useState } from "react";
import { Link } from "react-router";
import { MAX_SPOTS, MIN_SPOTS } from "../../../lib/admin-forms";
import { departureText } from "../../../lib/departure";
import type { FormResult } from "../../../lib/form-result";
import { ConfirmDialog } from "../ConfirmDialog";
import type { AvailabilityEntry } from "../types";
import { TextAreaField, TextField } from "../ui";

/** A dialog for one date (open while `entry` is set): it saves a change to the date, then is done. */
interface DateDialogProps {
  entry: AvailabilityEntry | null;
  onSave: (body: Record<string, unknown>) => Promise<FormResult<unknown>>;
  onDone: () => void;
}

/** Why an answer is refused, or "" when it is a whole number in the date's range. */
export function spotsError(value: string, entry: Pick<AvailabilityEntry, "booked_spots">): string {
  if (!/^\d+$/.test(value.trim())) return "Available spots must be a number";
  const spots = Number(value);
  const min = Math.max(MIN_SPOTS, entry.booked_spots);
  if (spots < min || spots > MAX_SPOTS) {
    return `Available spots must be from ${min} to ${MAX_SPOTS}${entry.booked_spots ? ` (${entry.booked_spots} booked)` : ""}`;
  }
  return "";
}

export function SpotsDialog({ entry, onSave, onDone }: DateDialogProps) {
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (entry && shownFor !== entry.id) {
    setShownFor(entry.id);
    setValue(String(entry.available_spots));
    setError("");
  }
  const save = async () => {
    if (!entry) return;
    const refused = spotsError(value, entry);
    if (refused) return setError(refused);
    setBusy(true);
    const res = await onSave({ available_spots: Number(value) });
    setBusy(false);
    if (res.ok) {
      setShownFor(null);
      onDone();
    } else setError(res.network ? "Connection error" : (res.errors.available_spots ?? res.detail));
  };
  return (
    <ConfirmDialog
      open={entry !== null}
      tone="primary"
      title="Edit spots"
      message={
        entry
          ? `Available spots for ${departureText(entry.date, entry.start_time ?? "")} (${Math.max(MIN_SPOTS, entry.booked_spots)} to ${MAX_SPOTS}; ${entry.booked_spots} booked):`
          : ""
      }
      confirmLabel="Save"
      busy={busy}
      onConfirm={save}
      onCancel={() => {
        setShownFor(null);
        onDone();
      }}
    >
      {/* Only while open: the closed dialog stays in the page, and its field must not stand beside the form's. */}
      {entry ? (
        <TextField
          label="Available spots"
          inputMode="numeric"
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * Closing stops new bookings; the booked keep their places. Calling their trip
 * off (each offered a move, credit or a refund) is the weather screen's, and
 * only when the operator asks for it there.
 */
export function CloseDialog({ entry, onSave, onDone }: DateDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const close = async () => {
    setBusy(true);
    const res = await onSave({ is_available: false, ...(reason.trim() ? { notes: reason.trim() } : {}) });
    setBusy(false);
    if (res.ok) {
      setReason("");
      setError("");
      onDone();
    } else setError(res.network ? "Connection error" : (res.errors.notes ?? res.detail));
  };
  return (
    <ConfirmDialog
      open={entry !== null}
      title={entry ? `Close ${departureText(entry.date, entry.start_time ?? "")}` : "Close"}
      message="No new bookings can be made for this date; the website shows it as closed."
      confirmLabel="Close date"
      busy={busy}
      onConfirm={close}
      onCancel={() => {
        setError("");
        onDone();
      }}
    >
      {entry?.booked_spots ? (
        <p className="mb-3 text-slate-600">
          {entry.booked_spots} {entry.booked_spots === 1 ? "spot is" : "spots are"} booked: those customers
          keep their places. To call their trip off and offer each a move, credit or a refund, use{" "}
          <Link to="/admin/weather" className="font-semibold text-reef-700 underline">
            Weather cancellations
          </Link>
          .
        </p>
      ) : null}
      {entry ? (
        <TextAreaField
          label="Reason (for the team)"
          value={reason}
          maxLength={1000}
          error={error}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Boat in for service"
        />
      ) : null}
    </ConfirmDialog>
  );
}

import { StickyNote } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { BOOKING_NOTE_MAX } from "../../../lib/admin-forms";
import type { Write } from "../ParticipantEditor";
import { Button, Card, TextAreaField } from "../ui";
import { type BookingPageView, failureDetail, type Notify } from "./types";

/** The operator's notes on the booking, newest first, and the form that adds one. */
export function NotesCard({
  bookingId,
  notes,
  write,
  notify,
}: {
  bookingId: string;
  notes: BookingPageView["notes"];
  write: Write;
  notify: Notify;
}) {
  const [body, setBody] = useState("");
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const res = await write("POST", `/api/admin/bookings/${encodeURIComponent(bookingId)}/notes`, { body });
    setSaving(false);
    if (res.ok) {
      setBody("");
      setError("");
      notify("success", "Note added.");
    } else {
      setError(res.errors.body ?? "");
      notify("error", "The note was not added", failureDetail(res));
    }
  };

  return (
    <Card title="Notes" description="For the team only; the customer never sees them.">
      <form onSubmit={add} noValidate aria-label="Add a note">
        <TextAreaField
          label="New note"
          name="body"
          value={body}
          maxLength={BOOKING_NOTE_MAX}
          error={error}
          hint={`${body.length}/${BOOKING_NOTE_MAX} characters`}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" variant="dark" size="sm" className="mt-3" busy={saving} disabled={!body.trim()}>
          <StickyNote aria-hidden="true" className="h-4 w-4" />
          Add note
        </Button>
      </form>
      {notes.length ? (
        <ol className="mt-5 space-y-3" aria-label="Notes, newest first" data-testid="booking-notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-xl bg-sand-50 px-3 py-2.5 ring-1 ring-amber-600/10 ring-inset">
              <p className="text-sm whitespace-pre-line text-slate-800">{n.body}</p>
              <p className="mt-1 text-xs text-slate-500">
                <time dateTime={n.created_at}>{formatDateTimeAU(n.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-500">No notes yet.</p>
      )}
    </Card>
  );
}

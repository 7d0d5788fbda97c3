import { HeartPulse, Pencil, ShieldCheck, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type {
  AdminBookingParticipants,
  AdminParticipant,
} from "../../../server/domain/dive-ops/participants.server";
import { formatDateAU } from "../../lib/dates";
import { ClearanceDialog } from "./ClearanceDialog";
import { ParticipantEditor, type Write } from "./ParticipantEditor";
import { ParticipantFacts } from "./ParticipantFacts";
import { ReadinessBadge } from "./status";
import { Button } from "./ui/button";
import { Card } from "./ui/layout";

/**
 * A booking's participants as the operator sees them: every field, the
 * medical answers (the "yes" ones highlighted; only the operator sees them),
 * the waiver acceptance, and the operator's actions: record (or undo) a
 * doctor's clearance in its dialog, mark a certification checked, edit a person.
 */
export function BookingParticipants({
  data,
  write,
  onClose,
  onDone,
}: {
  data: AdminBookingParticipants;
  write: Write;
  /** Shown beside the list: a Close button that hides the panel (the booking's own page has none). */
  onClose?: () => void;
  /** Reports what happened (the screen's flash). */
  onDone: (tone: "success" | "error", title: string, detail?: string) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const byPosition = new Map(data.participants.map((p) => [p.position, p]));
  // Opened from a row further down the list: bring the panel into view (once per booking).
  // On the booking's own page it sits where it is.
  const top = useRef<HTMLDivElement>(null);
  const beside = onClose !== undefined;
  useEffect(() => {
    if (data.booking_id && beside) top.current?.scrollIntoView({ block: "start" });
  }, [data.booking_id, beside]);
  const positions = Array.from({ length: data.group_size }, (_, i) => i + 1);

  // The doctor's clearance is recorded (and undone) in its dialog: confirmed, with a note.
  const [clearance, setClearance] = useState<AdminParticipant | null>(null);
  const act = async (p: AdminParticipant, action: "certification-checked") => {
    setBusy(`${action}:${p.id}`);
    const res = await write("POST", `/api/admin/participants/${encodeURIComponent(p.id)}/${action}`);
    setBusy(null);
    if (res.ok) {
      onDone("success", `Certification of ${p.full_name} marked as checked.`);
    } else {
      onDone("error", "The change was not saved", res.network ? "Connection error" : res.detail);
    }
  };

  return (
    <div ref={top} className="scroll-mt-4">
      <ClearanceDialog
        participantId={clearance?.id ?? null}
        name={clearance?.full_name || "this participant"}
        write={write}
        onClose={() => setClearance(null)}
        onDone={(tone, message) => onDone(tone, message)}
      />
      <Card
        title={`Participants of ${data.reference}`}
        description={`${data.adventure_title}, ${formatDateAU(data.selected_date, "full")} · ${data.group_size} ${
          data.group_size === 1 ? "person" : "people"
        }`}
        actions={
          <>
            <ReadinessBadge status={data.readiness.status} />
            {onClose ? (
              <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close participants">
                <X aria-hidden="true" className="h-4 w-4" />
                Close
              </Button>
            ) : null}
          </>
        }
      >
        <div data-testid="booking-participants">
          {!data.editable ? (
            <p className="mb-3 text-sm text-slate-600">
              This booking is not confirmed: its participants are shown as they are and cannot be edited.
            </p>
          ) : null}
          <ol className="grid gap-4 lg:grid-cols-2">
            {positions.map((position) => {
              const p = byPosition.get(position);
              return (
                <li
                  key={position}
                  className="rounded-xl border border-slate-200 p-3 sm:p-4"
                  data-testid={`admin-participant-${position}`}
                >
                  {editing === position ? (
                    <ParticipantEditor
                      data={data}
                      position={position}
                      participant={p}
                      write={write}
                      onCancel={() => setEditing(null)}
                      onSaved={(name) => {
                        setEditing(null);
                        onDone("success", `Saved the details of ${name}.`);
                      }}
                    />
                  ) : (
                    <>
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h3 className="font-sans text-base font-semibold text-ocean-900">
                          {position}. {p?.full_name || "No details yet"}
                        </h3>
                        <ReadinessBadge status={p?.readiness ?? "details_missing"} />
                      </div>
                      {p ? <ParticipantFacts p={p} data={data} /> : null}
                      <div className="mt-3 flex flex-wrap gap-2">
                        {p?.medical_needs_clearance || p?.medical_clearance_file ? (
                          <Button
                            size="sm"
                            variant={
                              p.medical_needs_clearance && !p.medical_clearance_at ? "teal" : "secondary"
                            }
                            onClick={() => setClearance(p)}
                          >
                            <HeartPulse aria-hidden="true" className="h-4 w-4" />
                            {p.medical_needs_clearance && !p.medical_clearance_at
                              ? "Record medical clearance"
                              : "Medical clearance"}
                          </Button>
                        ) : null}
                        {p && data.requires_certification && p.cert_number && !p.cert_checked_at ? (
                          <Button
                            size="sm"
                            variant="teal"
                            busy={busy === `certification-checked:${p.id}`}
                            onClick={() => act(p, "certification-checked")}
                          >
                            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                            Certification checked
                          </Button>
                        ) : null}
                        {data.editable ? (
                          <Button size="sm" onClick={() => setEditing(position)}>
                            <Pencil aria-hidden="true" className="h-4 w-4" />
                            {p ? "Edit" : "Add details"}
                          </Button>
                        ) : null}
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      </Card>
    </div>
  );
}

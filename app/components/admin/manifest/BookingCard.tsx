import { HeartPulse, Phone } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type {
  ManifestAdventure,
  ManifestBooking,
  ManifestParticipant,
} from "../../../../server/domain/dive-ops/manifest.server";
import { newAction, record } from "../../../lib/action-queue";
import type { useAdminWrite } from "../../../lib/admin-data";
import { bookingPath, MEDICAL_STATUS_LABELS, type MedicalStatus } from "../../../lib/manifest";
import { MEDICAL_QUESTIONS } from "../../../lib/medical";
import { READINESS_LABELS, type Readiness } from "../../../lib/readiness";
import { CheckInButton } from "../CheckInButton";
import { ClearanceDialog } from "../ClearanceDialog";
import { Badge, type BadgeTone, Button } from "../ui";
import { certText, dash, gearText, nameAndAge } from "./text";

export type Write = ReturnType<typeof useAdminWrite>;

const READINESS_TONES: Record<Readiness, BadgeTone> = {
  ready: "green",
  details_missing: "amber",
  waiver_missing: "amber",
  medical_clearance_needed: "red",
  certification_to_check: "blue",
};

const MEDICAL_TONES: Record<MedicalStatus, BadgeTone> = {
  clearance_needed: "red",
  clearance_received: "green",
  no_medical_issues: "green",
  not_answered: "amber",
  not_applicable: "slate",
};

/**
 * The answers an instructor of the departure is shown when the Owner allows it (the server sends
 * them to no one else): the "yes" ones in full, on screen only, as the printed manifest keeps the status.
 */
function InstructorAnswers({ answers }: { answers: Record<string, boolean> | null }) {
  if (!answers) return null;
  const yes = MEDICAL_QUESTIONS.filter((q) => answers[q.id] === true);
  return (
    <div className="w-full text-sm print:hidden" data-testid="instructor-medical">
      {yes.length ? (
        <ul className="space-y-1">
          {yes.map((q) => (
            <li
              key={q.id}
              className="rounded-lg bg-coral-50 px-2.5 py-1.5 text-coral-800 ring-1 ring-coral-600/20 ring-inset"
            >
              Yes: {q.text}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">
        {yes.length
          ? `No to the other ${MEDICAL_QUESTIONS.length - yes.length} questions.`
          : "No to every question."}
      </p>
    </div>
  );
}

function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  return <Badge tone={READINESS_TONES[readiness]}>{READINESS_LABELS[readiness]}</Badge>;
}

export function BookingCard({
  booking,
  adventure,
  write,
  onError,
  onNotice,
}: {
  booking: ManifestBooking;
  adventure: ManifestAdventure;
  write: Write;
  onError: (message: string) => void;
  /** The screen's flash after a clearance is recorded or undone. */
  onNotice: (tone: "success" | "error", message: string) => void;
}) {
  return (
    <article
      aria-label={`Booking ${booking.reference}`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <p className="font-semibold text-ocean-900">
            <Link to={bookingPath(booking)} className="underline-offset-2 hover:underline">
              {booking.reference}
            </Link>{" "}
            · {booking.customer_name}
          </p>
          {booking.customer_phone ? (
            <a
              href={`tel:${booking.customer_phone.replace(/[^\d+]/g, "")}`}
              className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-reef-700"
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {booking.customer_phone}
            </a>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {booking.booking_status === "completed" ? <Badge tone="teal">Completed</Badge> : null}
          <ReadinessBadge readiness={booking.readiness.status} />
        </div>
      </header>
      {booking.special_requirements ? (
        <p className="border-b border-slate-100 bg-sand-50 px-4 py-2 text-sm text-slate-700">
          <span className="font-semibold">Special requirements: </span>
          <span className="whitespace-pre-line">{booking.special_requirements}</span>
        </p>
      ) : null}
      {booking.extras.length ? (
        <p
          className="border-b border-slate-100 px-4 py-2 text-sm text-slate-700"
          data-testid="manifest-extras"
        >
          <span className="font-semibold">Extras: </span>
          {booking.extras.map((e) => `${e.quantity} × ${e.label}`).join(" · ")}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {booking.participants.map((p) => (
          <li key={p.id}>
            <ParticipantRow
              participant={p}
              adventure={adventure}
              write={write}
              onError={onError}
              onNotice={onNotice}
            />
          </li>
        ))}
        {booking.missing_positions.map((position) => (
          <li key={`missing-${position}`} className="px-4 py-3 text-sm text-amber-800">
            Participant {position} — details missing
          </li>
        ))}
      </ul>
    </article>
  );
}

function ParticipantRow({
  participant: p,
  adventure,
  write,
  onError,
  onNotice,
}: {
  participant: ManifestParticipant;
  adventure: ManifestAdventure;
  write: Write;
  onError: (message: string) => void;
  onNotice: (tone: "success" | "error", message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [clearanceOpen, setClearanceOpen] = useState(false);
  const name = p.full_name || `Participant ${p.position}`;
  // Without a signal the tap waits in the phone's queue (action-queue) and shows at once.
  const [queued, setQueued] = useState<boolean | null>(null);
  const checkedIn = queued ?? p.checked_in;
  const toggle = async () => {
    const next = !checkedIn;
    const queue = () => {
      setQueued(next);
      void record(newAction({ kind: next ? "check_in" : "undo_check_in", participant_id: p.id }));
    };
    if (!navigator.onLine) return queue();
    setBusy(true);
    const res = await write("POST", `/api/admin/participants/${encodeURIComponent(p.id)}/check-in`, {
      checked_in: next,
    });
    setBusy(false);
    if (res.ok) setQueued(null);
    else if (res.network) queue();
    else onError(`Check-in not saved: ${res.detail}`);
  };
  const showCert = adventure.requires_certification || p.cert_number !== "" || p.cert_agency !== "";
  return (
    <div className="space-y-2 px-4 py-3" data-testid="manifest-participant">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{nameAndAge(p)}</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <ReadinessBadge readiness={p.readiness} />
          </div>
        </div>
        <CheckInButton checkedIn={checkedIn} name={name} busy={busy} onToggle={toggle} />
      </div>
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-2">
        {adventure.diving ? (
          <div>
            <dt className="text-xs font-semibold text-slate-500 uppercase">Gear</dt>
            <dd className="text-slate-800">{gearText(p)}</dd>
          </div>
        ) : null}
        {showCert ? (
          <div>
            <dt className="text-xs font-semibold text-slate-500 uppercase">Certification</dt>
            <dd className="text-slate-800">
              {certText(p)}
              {p.cert_number ? (
                <span className={p.cert_checked ? " text-emerald-700" : " text-amber-800"}>
                  {p.cert_checked ? " · checked" : " · not checked"}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs font-semibold text-slate-500 uppercase">Emergency contact</dt>
          <dd className="text-slate-800">
            {dash(p.emergency_contact_name)}
            {p.emergency_contact_phone ? (
              <>
                {" · "}
                <a
                  href={`tel:${p.emergency_contact_phone.replace(/[^\d+]/g, "")}`}
                  className="font-medium text-reef-700"
                >
                  {p.emergency_contact_phone}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        {p.medical !== "not_applicable" ? (
          <div>
            <dt className="text-xs font-semibold text-slate-500 uppercase">Medical</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <Badge tone={MEDICAL_TONES[p.medical]}>{MEDICAL_STATUS_LABELS[p.medical]}</Badge>
              {p.medical === "clearance_needed" || p.medical === "clearance_received" ? (
                <Button
                  size="sm"
                  variant={p.medical === "clearance_needed" ? "teal" : "ghost"}
                  onClick={() => setClearanceOpen(true)}
                  aria-label={`Medical clearance of ${name}`}
                >
                  <HeartPulse aria-hidden="true" className="h-4 w-4" />
                  {p.medical === "clearance_needed" ? "Review clearance" : "Clearance details"}
                </Button>
              ) : null}
              {p.medical_answers !== undefined ? <InstructorAnswers answers={p.medical_answers} /> : null}
              <ClearanceDialog
                participantId={clearanceOpen ? p.id : null}
                name={name}
                write={write}
                onClose={() => setClearanceOpen(false)}
                onDone={onNotice}
              />
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

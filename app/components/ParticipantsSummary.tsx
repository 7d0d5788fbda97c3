import { CircleAlert, CircleCheck, UserRound } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { ParticipantsSummary as Summary } from "../../server/domain/dive-ops/participant-views.server";
import { useResultInView } from "../lib/result-in-view";

/**
 * The manage page's Participants section: whether the group is ready for
 * the trip, and per person what the group is still asked for, with a link to
 * their form. It is the group's view of readiness: whatever the operator
 * still checks (a doctor's clearance among them) reads as "waiting for the
 * operator", never as who or why.
 */
export function ParticipantsSummary({
  summary,
  token,
  saved,
}: {
  summary: Summary;
  token: string;
  /** The person whose details were just saved (?participant=n after the form). */
  saved: number | null;
}) {
  const ready = summary.status === "ready";
  const waiting = summary.status === "waiting_for_operator";
  const savedName = saved ? summary.people.find((p) => p.position === saved)?.name : undefined;
  const { key } = useLocation();
  const savedRef = useResultInView<HTMLParagraphElement>(savedName ? key : null);
  return (
    <section className="card p-6" aria-labelledby="participants" data-testid="participants">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="participants" className="text-xl font-semibold">
          Participants
        </h2>
        <StatusBadge ready={ready} label={summary.label} testId="booking-readiness" />
      </div>
      {savedName ? (
        <p
          ref={savedRef}
          tabIndex={-1}
          role="status"
          className="mt-3 rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
          data-testid="participant-saved"
        >
          Saved the details of {savedName}.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        {ready
          ? "Everyone in your group is ready for the trip."
          : waiting
            ? "We have what we asked your group for, and will be in touch if we need anything else."
            : summary.editable
              ? "Before the trip we need each person's details, and for dives a medical questionnaire and the waiver."
              : "The details as they were given."}
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        {summary.people.map((p) => (
          <li key={p.position} className="py-3" data-testid={`participant-${p.position}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
                <UserRound aria-hidden className="size-4 shrink-0 text-ocean-700" />
                <span className="break-words">{p.name}</span>
              </p>
              <StatusBadge
                ready={p.status === "ready" || p.status === "complete"}
                label={p.label}
                testId={`participant-${p.position}-readiness`}
              />
            </div>
            {p.todo.length ? (
              <ul className="mt-1 list-disc pl-6 text-sm text-slate-600">
                {p.todo.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            ) : null}
            <Link
              to={`/my-booking/${token}/participants/${p.position}`}
              className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-reef-700 underline"
            >
              {summary.editable
                ? `${p.status === "details_missing" || p.status === "waiver_missing" ? "Fill in" : "Change"} details of ${p.name}`
                : `View details of ${p.name}`}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StatusBadge({ ready, label, testId }: { ready: boolean; label: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
        ready ? "bg-reef-50 text-reef-800 ring-reef-100" : "bg-amber-50 text-amber-900 ring-amber-200"
      }`}
    >
      {ready ? (
        <CircleCheck aria-hidden className="size-3.5" />
      ) : (
        <CircleAlert aria-hidden className="size-3.5" />
      )}
      {label}
    </span>
  );
}

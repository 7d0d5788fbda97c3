/**
 * The dashboard's "Upcoming bookings not ready": confirmed bookings of the
 * next 14 days that still lack details, a waiver, a medical clearance or a
 * certification check (the rule in app/lib/readiness), each linking to the
 * booking and to that date's manifest.
 */
import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import type { NotReadyBooking } from "../../../server/domain/dive-ops/manifest.server";
import { adminGet, failureText } from "../../lib/admin-data";
import { formatDateAU } from "../../lib/dates";
import type { FormResult } from "../../lib/form-result";
import { bookingPath } from "../../lib/manifest";
import { READINESS_LABELS } from "../../lib/readiness";
import { Card } from "./ui/layout";

export interface NotReady {
  from: string;
  to: string;
  bookings: NotReadyBooking[];
}

/** For the dashboard's clientLoader. */
export function loadNotReady(): Promise<FormResult<NotReady>> {
  return adminGet<NotReady>("/api/admin/manifest/not-ready");
}

/** At most this many bookings are listed; the count covers them all. */
const LISTED = 6;

/** What is missing, first to fix first, e.g. "Details missing (1 person not entered), medical clearance needed". */
function missingText({ readiness }: NotReadyBooking): string {
  const n = readiness.participantsMissing;
  const text = readiness.issues
    .map((issue) =>
      issue === "details_missing" && n > 0
        ? `details missing (${n} ${n === 1 ? "person" : "people"} not entered)`
        : READINESS_LABELS[issue].toLowerCase(),
    )
    .join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function NotReadyCard({ result }: { result: FormResult<NotReady> }) {
  const error = failureText(result, "The list is not available right now.");
  const list = result.ok ? result.data.bookings : [];
  return (
    <Card
      title="Upcoming bookings not ready"
      description="Confirmed trips in the next 14 days"
      bodyClassName=""
      actions={
        result.ok ? (
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${
              list.length ? "bg-amber-50 text-amber-800" : "bg-emerald-50 text-emerald-700"
            }`}
            data-testid="not-ready-count"
          >
            {list.length}
            <span className="sr-only"> not ready</span>
          </span>
        ) : null
      }
    >
      {error ? (
        <p className="px-4 py-4 text-sm text-slate-500 sm:px-5">{error}</p>
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 px-4 py-4 text-sm text-slate-600 sm:px-5">
          <ClipboardCheck aria-hidden="true" className="h-4 w-4 text-emerald-600" />
          Every booking of the next 14 days is ready.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.slice(0, LISTED).map((b) => (
            <li
              key={b.id}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-4 py-2.5 text-sm sm:px-5"
            >
              <Link
                to={bookingPath(b)}
                className="font-semibold text-ocean-900 underline-offset-2 hover:underline"
              >
                {b.reference}
              </Link>
              <Link
                to={`/admin/manifest?date=${b.date}`}
                className="text-reef-700 underline-offset-2 hover:underline"
              >
                {formatDateAU(b.date)}
              </Link>
              <span className="min-w-0 text-slate-600">{b.adventure_title}</span>
              <span className="w-full text-amber-800">{missingText(b)}</span>
            </li>
          ))}
          {list.length > LISTED ? (
            <li className="px-4 py-2.5 text-sm text-slate-500 sm:px-5">
              and {list.length - LISTED} more: see the{" "}
              <Link to={`/admin/manifest?date=${list[LISTED].date}`} className="text-reef-700 underline">
                manifest
              </Link>
              .
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}

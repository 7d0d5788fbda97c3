import { Phone, Siren } from "lucide-react";
import type { RollCallDiver, RollCallMark } from "../../../../server/domain/dive-ops/roll-call.server";
import { formatTimeSydney } from "./time";

export interface MissingDiver {
  diver: RollCallDiver;
  mark: RollCallMark;
  buddy: RollCallDiver | undefined;
}

/**
 * The screen when "All aboard" finds someone still in the water: the whole
 * screen turns to the alarm, each missing diver with their buddy, the time
 * they went in and their emergency contact one tap from a call.
 */
export function MissingAlarm({
  missing,
  now,
  onBack,
}: {
  missing: readonly MissingDiver[];
  now: Date;
  onBack: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="alarm-title"
      className="fixed inset-0 z-50 overflow-y-auto bg-red-700 p-4 text-white"
    >
      <h2 id="alarm-title" className="flex items-center gap-2 text-3xl font-extrabold text-white uppercase">
        <Siren aria-hidden="true" className="h-9 w-9" /> Diver missing
      </h2>
      <p className="mt-1 text-lg font-semibold">Not everyone is aboard. Still in the water:</p>
      <ul className="mt-4 space-y-3">
        {missing.map(({ diver, mark, buddy }) => {
          const minutes = mark.out_at
            ? Math.max(0, Math.round((now.getTime() - Date.parse(mark.out_at)) / 60_000))
            : 0;
          return (
            <li
              key={diver.participant_id}
              className="rounded-2xl bg-white p-4 text-slate-900"
              data-testid="missing-diver"
            >
              <p className="text-2xl font-bold">{diver.name}</p>
              <p className="mt-1 text-lg">
                In the water since {mark.out_at ? formatTimeSydney(mark.out_at) : "?"} ({minutes} min)
              </p>
              <p className="text-lg">Buddy: {buddy ? buddy.name : "none recorded"}</p>
              <p className="mt-2 text-lg">Emergency contact: {diver.emergency_contact_name || "not given"}</p>
              {diver.emergency_contact_phone ? (
                <a
                  href={`tel:${diver.emergency_contact_phone.replace(/[^\d+]/g, "")}`}
                  className="mt-2 flex min-h-14 items-center justify-center gap-2 rounded-xl bg-red-700 px-4 text-xl font-bold text-white"
                >
                  <Phone aria-hidden="true" className="h-6 w-6" /> Call {diver.emergency_contact_phone}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onBack}
        className="mt-6 min-h-14 w-full rounded-xl border-2 border-white px-4 text-xl font-bold"
      >
        Back to the count
      </button>
    </div>
  );
}

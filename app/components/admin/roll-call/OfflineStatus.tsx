/**
 * How fresh the phone's copy is and what is still to sync: "Offline", "3
 * actions waiting to sync", the last sync's answer (with any refusal, e.g. a
 * departure the Crew member does not work). It reads the phone's queue
 * itself, so any trip-day screen can show it; quiet while online with nothing
 * waiting, so the online screens stay as they were.
 */
import { useEffect, useState } from "react";
import { lastSync, pendingActions, QUEUE_EVENT, type SyncReport, sync } from "../../../lib/action-queue";
import { copySavedAt } from "../../../lib/trip-day-cache";
import { formatSavedAtSydney, formatTimeSydney } from "./time";

const EVENTS = ["online", "offline", QUEUE_EVENT];

export function OfflineStatus({ copyOf }: { copyOf?: string }) {
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [report, setReport] = useState<SyncReport | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      // Offline, how fresh the screen's copy is: when the phone saved the read it shows.
      if (!navigator.onLine && copyOf) void copySavedAt(copyOf).then(setSavedAt);
      setReport(lastSync());
      void pendingActions()
        .then((all) => setPending(all.length))
        .catch(() => setPending(0));
    };
    update();
    for (const e of EVENTS) window.addEventListener(e, update);
    return () => {
      for (const e of EVENTS) window.removeEventListener(e, update);
    };
  }, [copyOf]);
  if (online && pending === 0 && !report?.refused.length) return null;
  return (
    <div
      className="mb-3 rounded-lg border-2 border-slate-900 bg-white p-3 text-lg print:hidden"
      data-testid="offline-status"
      role="status"
    >
      <p className="font-bold">{online ? "Online" : "Offline: showing the copy kept on this phone"}</p>
      {!online && savedAt ? (
        <p data-testid="copy-saved-at">Copy saved {formatSavedAtSydney(savedAt)}</p>
      ) : null}
      <p>
        {pending === 0
          ? "Nothing waiting to sync"
          : `${pending} ${pending === 1 ? "action" : "actions"} waiting to sync`}
      </p>
      {report ? (
        <p>
          Synced {report.sent} {report.sent === 1 ? "action" : "actions"} at {formatTimeSydney(report.at)}
          {report.refused.length
            ? `; ${report.refused.length} refused: ${report.refused.map((r) => r.message).join(" ")}`
            : ""}
        </p>
      ) : null}
      {pending > 0 && online ? (
        <button
          type="button"
          onClick={() => void sync()}
          className="mt-2 min-h-14 rounded-lg bg-slate-900 px-4 font-bold text-white"
        >
          Sync now
        </button>
      ) : null}
    </div>
  );
}

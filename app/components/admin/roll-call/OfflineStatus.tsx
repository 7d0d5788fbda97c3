/**
 * How fresh the phone's copy is and what is still to sync: "Offline copy from
 * 08:12", "3 actions waiting to sync", and the last sync's answer. It reads
 * the phone's queue itself, so any trip-day screen can show it.
 */
import { useEffect, useState } from "react";
import { lastSync, pendingActions, QUEUE_EVENT, type SyncReport, sync } from "../../../lib/action-queue";
import { clockTime } from "../../../lib/roll-call-view";

export function OfflineStatus({ copyAt, quiet = false }: { copyAt: string | null; quiet?: boolean }) {
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [report, setReport] = useState<SyncReport | null>(null);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      setReport(lastSync());
      void pendingActions()
        .then((all) => setPending(all.length))
        .catch(() => setPending(0));
    };
    update();
    for (const e of ["online", "offline", QUEUE_EVENT]) window.addEventListener(e, update);
    return () => {
      for (const e of ["online", "offline", QUEUE_EVENT]) window.removeEventListener(e, update);
    };
  }, []);
  // Quiet (the manifest): only while there is something to say, so the online screen stays as it was.
  if (quiet && online && pending === 0) return null;
  return (
    <div className="rounded-lg border-2 border-black p-3 text-lg print:hidden" data-testid="offline-status">
      <p className="font-bold">
        {online ? "Online" : "Offline"}
        {copyAt ? ` · ${online ? "Copy" : "Offline copy"} from ${clockTime(copyAt)}` : ""}
      </p>
      <p>
        {pending === 0
          ? "Nothing waiting to sync"
          : `${pending} ${pending === 1 ? "action" : "actions"} waiting to sync`}
      </p>
      {report ? (
        <p>
          Synced {report.sent} {report.sent === 1 ? "action" : "actions"} at {clockTime(report.at)}
          {report.refused.length
            ? `; ${report.refused.length} refused: ${report.refused.map((r) => r.message).join(" ")}`
            : ""}
        </p>
      ) : null}
      {pending > 0 && online ? (
        <button
          type="button"
          onClick={() => void sync()}
          className="mt-2 min-h-14 rounded-lg bg-black px-4 font-bold text-white"
        >
          Sync now
        </button>
      ) : null}
    </div>
  );
}

/**
 * How fresh the phone's copy is and what is still to sync: "Offline copy from
 * 08:12", "3 actions waiting to sync", and the last sync's answer.
 */
import { useEffect, useState } from "react";
import { lastSync, QUEUE_EVENT, type SyncReport, sync } from "../../../lib/action-queue";
import { clockTime } from "../../../lib/roll-call-view";

export function OfflineStatus({ copyAt, pending }: { copyAt: string | null; pending: number }) {
  const [online, setOnline] = useState(true);
  const [report, setReport] = useState<SyncReport | null>(null);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      setReport(lastSync());
    };
    update();
    for (const e of ["online", "offline", QUEUE_EVENT]) window.addEventListener(e, update);
    return () => {
      for (const e of ["online", "offline", QUEUE_EVENT]) window.removeEventListener(e, update);
    };
  }, []);
  return (
    <div className="rounded-lg border-2 border-black p-3 text-lg" data-testid="offline-status">
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

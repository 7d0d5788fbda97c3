/**
 * A departure's roll call on the boat: each diver counted out and back in,
 * one big tap each (wet hands, sunlight: 56 px targets, black on white and
 * white on black). "All aboard" with anyone still out is never recorded: the
 * screen turns into the alarm with each missing diver's name, buddy,
 * emergency contact (a tel: link) and time in the water. Taps go through the
 * phone's queue (action-queue), so the screen works with no signal.
 */
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { RollCall } from "../../../server/domain/dive-ops/roll-call.server";
import { OfflineStatus } from "../../components/admin/roll-call/OfflineStatus";
import { newAction, pendingActions, QUEUE_EVENT, record, syncWhenOnline } from "../../lib/action-queue";
import { adminFetch } from "../../lib/admin-api";
import { diverState, inWaterText, type Mark, stillOut, type TripDayAction } from "../../lib/roll-call";
import { clockTime, currentDive, withPending } from "../../lib/roll-call-view";

const BIG =
  "min-h-14 rounded-lg px-4 text-lg font-bold focus-visible:outline-4 focus-visible:outline-offset-2";

export default function AdminRollCall() {
  const departureId = useParams().id ?? "";
  const [server, setServer] = useState<RollCall | null>(null);
  const [copyAt, setCopyAt] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [pending, setPending] = useState<TripDayAction[]>([]);
  const [buddies, setBuddies] = useState<Record<string, string>>({});
  const [alarm, setAlarm] = useState(false);
  const [refusal, setRefusal] = useState("");

  const load = useCallback(async () => {
    try {
      const res = await adminFetch(`/api/admin/departures/${encodeURIComponent(departureId)}/roll-call`);
      if (!res.ok)
        return setError(res.status === 404 ? "Departure not found" : "The roll call could not be loaded");
      setServer((await res.json()) as RollCall);
      // The worker marks an answer it served from its copy with the time it saved it.
      setCopyAt(res.headers.get("X-Offline-Copy-At") ?? new Date().toISOString());
      setError("");
    } catch {
      setError("No signal and no offline copy of this roll call on this phone yet.");
    }
  }, [departureId]);

  useEffect(() => {
    void load();
    const refresh = () => {
      void pendingActions().then(setPending);
      // After a sync the server's copy is the truth again: read it while there is a signal.
      if (navigator.onLine) void load();
    };
    void pendingActions().then(setPending);
    window.addEventListener(QUEUE_EVENT, refresh);
    const stop = syncWhenOnline();
    return () => {
      window.removeEventListener(QUEUE_EVENT, refresh);
      stop();
    };
  }, [load]);

  if (!server) {
    return <p className="p-6 text-lg">{error || "Loading the roll call…"}</p>;
  }
  const call = withPending(server, pending);
  const dive = currentDive(call);
  const divers = call.divers;
  const nameOf = (id: string | null) => divers.find((d) => d.id === id)?.full_name ?? "—";
  const markOf = (id: string): Mark | undefined => dive.marks.find((m) => m.participant_id === id);
  const out = stillOut(dive.marks);

  const tap = async (action: TripDayAction) => {
    setRefusal("");
    const report = await record(action);
    const refused = report?.refused.find((r) => r.id === action.id);
    if (refused) setRefusal(refused.message ?? "The server refused this action");
    if (report) await load();
  };
  const base = { departure_id: departureId, dive: dive.number };
  const allAboard = () => {
    if (out.length > 0) return setAlarm(true);
    void tap(newAction({ kind: "all_aboard" as const, ...base }));
  };

  if (alarm && out.length > 0) {
    return (
      <div role="alert" className="fixed inset-0 z-50 overflow-y-auto bg-red-700 p-4 text-white">
        <p className="text-3xl font-black uppercase">Diver missing</p>
        <p className="mt-1 text-lg font-bold">
          Dive {dive.number}: {inWaterText(dive.marks, divers.length)}. All aboard is not recorded.
        </p>
        <ul className="mt-4 space-y-4">
          {out.map((m) => {
            const d = divers.find((x) => x.id === m.participant_id);
            return (
              <li key={m.participant_id} className="rounded-lg bg-white p-4 text-black">
                <p className="text-3xl font-black">{d?.full_name}</p>
                <p className="text-xl">In the water since {m.out_at ? clockTime(m.out_at) : "—"}</p>
                <p className="text-xl">Buddy: {nameOf(m.buddy_id)}</p>
                <p className="text-xl">Emergency contact: {d?.emergency_contact_name || "not given"}</p>
                {d?.emergency_contact_phone ? (
                  <a
                    href={`tel:${d.emergency_contact_phone.replace(/[^\d+]/g, "")}`}
                    className={`${BIG} mt-2 flex items-center justify-center bg-black text-white`}
                  >
                    Call {d.emergency_contact_phone}
                  </a>
                ) : null}
                <button
                  type="button"
                  onClick={() =>
                    void tap(newAction({ kind: "back" as const, ...base, participant_id: m.participant_id }))
                  }
                  className={`${BIG} mt-2 w-full border-4 border-black bg-white text-black`}
                >
                  {d?.full_name} is back in
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          onClick={() => setAlarm(false)}
          className={`${BIG} mt-4 w-full bg-black text-white`}
        >
          Back to the roll call
        </button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl space-y-4 bg-white p-3 text-black">
      <div>
        <Link to={`/admin/manifest?date=${call.departure.date}`} className="text-base underline">
          Back to the manifest
        </Link>
        <h1 className="mt-1 text-2xl font-black">
          Roll call: {call.departure.title}
          {call.departure.start_time ? ` ${call.departure.start_time}` : ""}
        </h1>
        <p className="text-xl font-bold" aria-live="polite">
          Dive {dive.number}: {inWaterText(dive.marks, divers.length)}
        </p>
      </div>
      {call.dives.some((d) => d.all_aboard_at) ? (
        <ul className="text-base" aria-label="Dive log">
          {call.dives
            .filter((d) => d.all_aboard_at)
            .map((d) => (
              <li key={d.number}>
                Dive {d.number}: in at {clockTime(d.started_at)}, all aboard at{" "}
                {clockTime(d.all_aboard_at as string)}
              </li>
            ))}
        </ul>
      ) : null}
      <OfflineStatus copyAt={copyAt} />
      {refusal ? (
        <p role="alert" className="rounded-lg border-4 border-red-700 p-3 text-lg font-bold text-red-800">
          {refusal}
        </p>
      ) : null}
      <ul className="space-y-3">
        {divers.map((d) => {
          const mark = markOf(d.id);
          const state = diverState(mark);
          return (
            <li
              key={d.id}
              className={`rounded-lg border-4 p-3 ${state === "out" ? "border-black bg-yellow-200" : "border-gray-400"}`}
            >
              <div className="flex items-center justify-between gap-2">
                <div>
                  <p className="text-2xl font-black">{d.full_name}</p>
                  <p className="text-base">
                    {state === "out"
                      ? `In the water since ${clockTime(mark?.out_at as string)}`
                      : state === "back"
                        ? "Back aboard"
                        : "Aboard"}
                    {mark?.buddy_id ? ` · Buddy ${nameOf(mark.buddy_id)}` : ""}
                  </p>
                </div>
                {state === "aboard" ? (
                  <button
                    type="button"
                    onClick={() =>
                      void tap(
                        newAction({
                          kind: "out" as const,
                          ...base,
                          participant_id: d.id,
                          buddy_id: buddies[d.id] || null,
                        }),
                      )
                    }
                    aria-label={`Out: ${d.full_name}`}
                    className={`${BIG} min-w-28 bg-black text-white`}
                  >
                    Out
                  </button>
                ) : state === "out" ? (
                  <button
                    type="button"
                    onClick={() =>
                      void tap(newAction({ kind: "back" as const, ...base, participant_id: d.id }))
                    }
                    aria-label={`Back in: ${d.full_name}`}
                    className={`${BIG} min-w-28 border-4 border-black bg-white text-black`}
                  >
                    Back in
                  </button>
                ) : null}
              </div>
              {state === "aboard" ? (
                <label className="mt-2 flex items-center gap-2 text-lg">
                  Buddy
                  <select
                    value={buddies[d.id] ?? ""}
                    onChange={(e) => setBuddies({ ...buddies, [d.id]: e.target.value })}
                    className="min-h-14 flex-1 rounded-lg border-2 border-black bg-white px-2 text-lg"
                  >
                    <option value="">No buddy named</option>
                    {divers
                      .filter((b) => b.id !== d.id)
                      .map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.full_name}
                        </option>
                      ))}
                  </select>
                </label>
              ) : null}
            </li>
          );
        })}
      </ul>
      {dive.marks.length > 0 && !dive.all_aboard_at ? (
        <button type="button" onClick={allAboard} className={`${BIG} w-full bg-green-800 text-white`}>
          All aboard
        </button>
      ) : null}
    </div>
  );
}

/**
 * The roll call of a departure's dives, for the crew on the boat: one big tap
 * per diver out and back in, the count in the water, and "All aboard", which
 * turns the screen into the alarm when anyone is still out (the server
 * refuses it too). Built for a phone in sunlight with wet hands: large
 * targets, high contrast, names first. Every tap goes through the phone's
 * queue (action-queue): stored first, sent at once with a signal, later
 * without one, applied once by the server's roll-call rules; the screen shows
 * the queued taps laid over its copy by the same rule.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { RollCall, RollCallDiver, RollCallMark } from "../../../server/domain/dive-ops/roll-call.server";
import { Alert, PageHeader } from "../../components/admin";
import { MissingAlarm, type MissingDiver } from "../../components/admin/roll-call/MissingAlarm";
import { OfflineStatus } from "../../components/admin/roll-call/OfflineStatus";
import { formatTimeSydney } from "../../components/admin/roll-call/time";
import { newAction, pendingActions, QUEUE_EVENT, type QueueEvent, record } from "../../lib/action-queue";
import { adminAction, adminGet, failureText } from "../../lib/admin-data";
import { formatDateAU } from "../../lib/dates";
import { startTimeText } from "../../lib/departure";
import { diverState, inWaterText, stillOut } from "../../lib/roll-call";
import { waitingTaps, withPending } from "../../lib/roll-call-offline";
import type { TripDayAction } from "../../lib/trip-day-actions";
import type { Route } from "./+types/roll-call";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  // The read's own address: offline, the status box says when the phone saved its copy of it.
  const read = `/api/admin/departures/${params.id}/roll-call`;
  return { roll: await adminGet<RollCall>(read), read };
}
export const clientAction = adminAction;

export default function AdminRollCall({ loaderData }: Route.ComponentProps) {
  const { roll } = loaderData;
  const { revalidate } = useRevalidator();
  const [error, setError] = useState("");
  const [alarm, setAlarm] = useState(false);
  const [buddies, setBuddies] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<TripDayAction[]>([]);
  // The taps the server has answered while this screen is open: its copy holds them from then on.
  const answered = useRef(new Set<string>());
  useEffect(() => {
    const readQueue = () =>
      pendingActions().then(
        (stored) => setPending((shown) => waitingTaps(stored, shown, answered.current)),
        () => undefined,
      );
    // After a sync (whichever screen or the return of the signal started it) the server's copy is
    // read first, then the queue: the answered taps are never missing from both.
    const update = (e: Event) => {
      const { synced, answered: ids = [] } = (e as QueueEvent).detail ?? {};
      if (!synced) return void readQueue();
      void revalidate().then(() => {
        for (const id of ids) answered.current.add(id);
        return readQueue();
      });
    };
    void readQueue();
    window.addEventListener(QUEUE_EVENT, update);
    return () => window.removeEventListener(QUEUE_EVENT, update);
  }, [revalidate]);
  if (!roll.ok) return <Alert tone="error">{failureText(roll, "Failed to load the roll call")}</Alert>;
  const r = withPending(roll.data, pending);
  const departure_id = r.availability_id;
  const dive = r.dives.at(-1);
  const open = dive && !dive.all_aboard_at ? dive : undefined;
  const markOf = (id: string) => open?.marks.find((m) => m.participant_id === id);
  const byId = new Map(r.divers.map((d) => [d.participant_id, d]));
  const divers = r.divers.map((d) => ({ diver: d, mark: markOf(d.participant_id) }));
  const out = stillOut(divers);
  const missing: MissingDiver[] = out.map(({ diver, mark }) => ({
    diver,
    mark: mark as RollCallMark,
    buddy: mark?.buddy_id ? byId.get(mark.buddy_id) : undefined,
  }));

  /**
   * Shows the tap at once, then stores it in the queue; once the server has answered, the queue's
   * event reloads the copy. A phone that cannot store it (no IndexedDB) takes the tap back.
   */
  async function send(action: TripDayAction) {
    setError("");
    setPending((shown) => [...shown, action]);
    const report = await record(action).catch(() => {
      setPending((shown) => shown.filter((a) => a.id !== action.id));
      setError("Not saved");
      return null;
    });
    const refused = report?.refused.find((a) => a.id === action.id);
    if (refused) setError(refused.message ?? "Not saved");
    return refused;
  }

  const tap = (d: RollCallDiver, kind: "out" | "back") =>
    send(
      newAction({
        kind,
        departure_id,
        dive: open?.dive_number ?? 1,
        participant_id: d.participant_id,
        buddy_id: kind === "out" ? buddies[d.participant_id] || null : undefined,
      }),
    );

  async function allAboard() {
    if (out.length) {
      setAlarm(true);
      return;
    }
    const refused = await send(newAction({ kind: "all_aboard", departure_id, dive: open?.dive_number ?? 1 }));
    // The server knew of someone still out (another phone counted them): the alarm, from its answer.
    if (refused?.message?.startsWith("Not everyone is aboard")) setAlarm(true);
  }

  const time = r.start_time ? `, ${startTimeText(r.start_time)}` : "";
  return (
    <>
      {alarm && missing.length ? (
        <MissingAlarm missing={missing} now={new Date()} onBack={() => setAlarm(false)} />
      ) : null}
      <PageHeader
        title="Roll call"
        description={`${r.adventure_title} · ${formatDateAU(r.date, "full")}${time}`}
        actions={
          <Link
            to={`/admin/manifest?date=${r.date}`}
            className="text-sm font-medium text-ocean-700 underline"
          >
            Back to the manifest
          </Link>
        }
      />
      <OfflineStatus copyOf={loaderData.read} />
      {error ? (
        <Alert tone="error" className="mb-3">
          {error}
        </Alert>
      ) : null}
      {r.divers.length === 0 ? (
        <p className="text-lg text-slate-600">Nobody is booked on this departure yet.</p>
      ) : open ? (
        <section aria-labelledby="dive-title" className="space-y-3">
          <h2
            id="dive-title"
            className="flex flex-wrap items-baseline justify-between gap-2 text-2xl font-bold text-slate-900"
          >
            Dive {open.dive_number}
            <span
              className="text-xl font-semibold text-slate-700"
              data-testid="in-water-count"
              aria-live="polite"
            >
              {inWaterText(out.length, r.divers.length)}
            </span>
          </h2>
          <ul className="space-y-2">
            {divers.map(({ diver, mark }) => {
              const state = diverState(mark);
              return (
                <li
                  key={diver.participant_id}
                  className={`rounded-2xl border-2 p-3 ${state === "in_water" ? "border-sky-700 bg-sky-50" : "border-slate-300 bg-white"}`}
                  data-testid="roll-call-diver"
                  aria-label={diver.name}
                >
                  <div className="flex items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="text-xl font-bold text-slate-900">{diver.name}</p>
                      <p className="text-base font-medium text-slate-700">
                        {state === "in_water" && mark?.out_at
                          ? `In the water since ${formatTimeSydney(mark.out_at)}`
                          : state === "back" && mark?.back_at
                            ? `Back aboard at ${formatTimeSydney(mark.back_at)}`
                            : "Aboard"}
                      </p>
                    </div>
                    {state === "in_water" ? (
                      <button
                        type="button"
                        onClick={() => tap(diver, "back")}
                        className="min-h-16 min-w-32 rounded-xl bg-emerald-700 px-4 text-lg font-bold text-white"
                      >
                        Back aboard
                      </button>
                    ) : (
                      <button
                        type="button"
                        onClick={() => tap(diver, "out")}
                        className="min-h-16 min-w-32 rounded-xl bg-sky-800 px-4 text-lg font-bold text-white"
                      >
                        {state === "back" ? "In again" : "In the water"}
                      </button>
                    )}
                  </div>
                  {state === "aboard" ? (
                    <div className="mt-2 flex items-center gap-2 text-base text-slate-800">
                      <label htmlFor={`buddy-${diver.participant_id}`}>Buddy</label>
                      <select
                        id={`buddy-${diver.participant_id}`}
                        className="field min-h-12 flex-1 text-base"
                        value={buddies[diver.participant_id] ?? ""}
                        onChange={(e) => setBuddies({ ...buddies, [diver.participant_id]: e.target.value })}
                      >
                        <option value="">No buddy</option>
                        {r.divers
                          .filter((o) => o.participant_id !== diver.participant_id)
                          .map((o) => (
                            <option key={o.participant_id} value={o.participant_id}>
                              {o.name}
                            </option>
                          ))}
                      </select>
                    </div>
                  ) : mark?.buddy_id ? (
                    <p className="mt-1 text-base text-slate-700">Buddy: {byId.get(mark.buddy_id)?.name}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            onClick={allAboard}
            className="min-h-16 w-full rounded-2xl bg-emerald-700 px-4 text-2xl font-extrabold text-white"
          >
            All aboard
          </button>
        </section>
      ) : (
        <button
          type="button"
          onClick={() =>
            send(newAction({ kind: "start_dive", departure_id, dive: (dive?.dive_number ?? 0) + 1 }))
          }
          className="min-h-16 w-full rounded-2xl bg-sky-800 px-4 text-2xl font-extrabold text-white"
        >
          Start dive {(dive?.dive_number ?? 0) + 1}
        </button>
      )}
      {r.dives.some((d) => d.all_aboard_at) ? (
        <section aria-labelledby="dive-log" className="mt-6">
          <h2 id="dive-log" className="mb-2 text-lg font-semibold text-slate-900">
            Dive log
          </h2>
          <ul className="space-y-1 text-base text-slate-700">
            {r.dives
              .filter((d) => d.all_aboard_at)
              .map((d) => (
                <li key={d.dive_number} data-testid="dive-log-entry">
                  Dive {d.dive_number}: {d.marks.filter((m) => m.out_at).length} divers, started{" "}
                  {formatTimeSydney(d.started_at)}, all aboard {formatTimeSydney(d.all_aboard_at as string)}
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

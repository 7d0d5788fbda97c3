import { CalendarDays, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, Button, buttonClass, ConfirmDialog, PageHeader, useFlash } from "../../components/admin";
import { PlanView, planUnit } from "../../components/admin/schedules/PlanView";
import { ScheduleForm } from "../../components/admin/schedules/ScheduleForm";
import { ScheduleList } from "../../components/admin/schedules/ScheduleList";
import type {
  AdminSchedule,
  ScheduleAdventure,
  SchedulePlan,
  SchedulePreview,
} from "../../components/admin/schedules/types";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { requestJson } from "../../lib/api";
import { sydneyDate } from "../../lib/dates";
import { weekdaysText } from "../../lib/schedules";
import type { Route } from "./+types/schedules";

/** The adventures (the public list, as the calendar reads it) and every schedule. */
export async function clientLoader() {
  const [adventures, list] = await Promise.all([
    requestJson<ScheduleAdventure[]>("GET", "/api/adventures-pro"),
    adminGet<{ schedules: AdminSchedule[]; today: string }>("/api/admin/schedules"),
  ]);
  return {
    adventures: adventures.ok ? adventures.data : [],
    schedules: dataOr(list, { schedules: [], today: "" }).schedules,
    loadError: failureText(list, "Failed to load schedules"),
    // Sydney's date in this browser: the form's "from today on".
    today: sydneyDate(),
  };
}
export const clientAction = adminAction;

type Editing = { mode: "new" } | { mode: "edit"; schedule: AdminSchedule } | null;

/** Recurring schedules: the list, and the form with its preview for a new or an edited one. */
export default function AdminSchedules({ loaderData }: Route.ComponentProps) {
  const { adventures, schedules, loadError, today } = loaderData;
  const [params] = useSearchParams();
  const adventureId = params.get("adventure") ?? "";
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const [editing, setEditing] = useState<Editing>(() =>
    params.get("new") !== null || schedules.length === 0 ? { mode: "new" } : null,
  );
  // Each opening of the form starts from the schedule as saved.
  const [formKey, setFormKey] = useState(0);
  const [toDelete, setToDelete] = useState<AdminSchedule | null>(null);
  const [deletePlan, setDeletePlan] = useState<SchedulePlan | null>(null);
  const [deleteProblem, setDeleteProblem] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [lastResult, setLastResult] = useState<SchedulePlan | null>(null);

  useEffect(() => {
    setDeletePlan(null);
    setDeleteProblem("");
    if (!toDelete) return;
    let live = true;
    adminGet<SchedulePreview>(`/api/admin/schedules/${encodeURIComponent(toDelete.id)}/delete-preview`).then(
      (res) => {
        if (!live) return;
        if (res.ok) setDeletePlan(res.data.plan);
        else setDeleteProblem(failureText(res, res.detail || "Failed to load what the deletion does"));
      },
    );
    return () => {
      live = false;
    };
  }, [toDelete]);

  const open = (next: Editing) => {
    setEditing(next);
    setFormKey((k) => k + 1);
    setLastResult(null);
    clear();
    if (typeof window !== "undefined") window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const confirmDelete = async () => {
    const s = toDelete;
    if (!s) return;
    setDeleting(true);
    const res = await write<{ result: SchedulePlan }>(
      "DELETE",
      `/api/admin/schedules/${encodeURIComponent(s.id)}`,
    );
    setDeleting(false);
    setToDelete(null);
    if (!res.ok) {
      show("error", res.network ? "Connection error" : res.detail || "Failed to delete the schedule");
      return;
    }
    const r = res.data.result;
    if (editing?.mode === "edit" && editing.schedule.id === s.id) setEditing(null);
    setLastResult(r);
    show(
      "success",
      `Schedule deleted: ${r.remove.length} ${planUnit(r)}${r.remove.length === 1 ? "" : "s"} removed${r.left.length ? `, ${r.left.length} with bookings or closed kept in the calendar` : ""}.`,
    );
  };

  return (
    <>
      <PageHeader
        eyebrow="Availability"
        title="Schedules"
        description="Open a season of dates at once: the days an adventure runs, from when to when, and the dates to skip. Dates with bookings are never changed here."
        actions={
          <>
            <Link
              to={
                adventureId
                  ? `/admin/calendar?adventure=${encodeURIComponent(adventureId)}`
                  : "/admin/calendar"
              }
              className={buttonClass("secondary")}
            >
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Calendar
            </Link>
            <Button variant="primary" onClick={() => open({ mode: "new" })}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New schedule
            </Button>
          </>
        }
      />

      <div className="space-y-6">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        {flash ? (
          <Alert tone={flash.tone} onDismiss={clear}>
            {flash.text}
          </Alert>
        ) : null}
        {lastResult?.left.length ? (
          <div
            data-testid="schedule-result"
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <PlanView plan={lastResult} done />
          </div>
        ) : null}

        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          {editing ? (
            <ScheduleForm
              key={formKey}
              schedule={editing.mode === "edit" ? editing.schedule : null}
              adventures={adventures}
              adventureId={adventureId}
              today={today}
              write={write}
              show={show}
              onDone={(result) => {
                setEditing(null);
                setLastResult(result);
              }}
            />
          ) : null}
          <div className={editing ? "" : "xl:col-span-2"}>
            <ScheduleList
              schedules={schedules}
              editingId={editing?.mode === "edit" ? editing.schedule.id : null}
              onEdit={(schedule) => open({ mode: "edit", schedule })}
              onDelete={setToDelete}
            />
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete schedule"
        message={
          toDelete
            ? `Delete the schedule ${toDelete.adventure_title}, ${weekdaysText(toDelete.weekdays)}? Its dates without bookings from today on are removed.`
            : ""
        }
        confirmLabel="Delete schedule"
        busy={deleting}
        confirmDisabled={deletePlan === null}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <div data-testid="delete-preview" className="max-h-72 overflow-y-auto">
          {deletePlan ? (
            <PlanView plan={deletePlan} />
          ) : deleteProblem ? (
            <p className="text-coral-700">{deleteProblem}</p>
          ) : (
            <p className="text-slate-500">Checking the schedule's dates…</p>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}

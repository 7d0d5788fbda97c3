import { CalendarDays, Pencil, Repeat, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatDateAU } from "../../../lib/dates";
import { startTimeText } from "../../../lib/departure";
import { formatDollars } from "../../../lib/money";
import { weekdaysText } from "../../../lib/schedules";
import { Badge, Button, buttonClass, Card, EmptyState } from "../ui";
import type { AdminSchedule } from "./types";

/** The saved schedules, each with its pattern, its dates ahead and Edit / Delete. */
export function ScheduleList({
  schedules,
  editingId,
  onEdit,
  onDelete,
}: {
  schedules: AdminSchedule[];
  editingId: string | null;
  onEdit: (s: AdminSchedule) => void;
  onDelete: (s: AdminSchedule) => void;
}) {
  return (
    <Card title="Schedules" description="Newest first" bodyClassName="">
      {schedules.length === 0 ? (
        <EmptyState icon={<Repeat className="h-6 w-6" />} title="No schedules yet">
          A schedule opens a season of dates at once, e.g. every weekend from December to March.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="schedule-list">
          {schedules.map((s) => (
            <li
              key={s.id}
              className={editingId === s.id ? "bg-reef-50/50 px-4 py-4 sm:px-5" : "px-4 py-4 sm:px-5"}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-ocean-900">{s.adventure_title}</p>
                  <p className="mt-0.5 text-sm text-slate-700">
                    {weekdaysText(s.weekdays)}
                    {s.start_times?.length ? ` at ${s.start_times.map(startTimeText).join(", ")}` : ""} ·{" "}
                    {formatDateAU(s.from)} – {formatDateAU(s.to)}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <Badge tone="teal">{s.available_spots} spots</Badge>
                    {s.price_override !== null ? (
                      <Badge tone="blue">{formatDollars(s.price_override)} pp</Badge>
                    ) : null}
                    <Badge tone="slate">
                      {s.upcoming_dates ?? 0} {s.start_times?.length ? "departure" : "date"}
                      {s.upcoming_dates === 1 ? "" : "s"} ahead
                    </Badge>
                    {s.booked_dates ? <Badge tone="amber">{s.booked_dates} with bookings</Badge> : null}
                    {s.exceptions.length ? (
                      <Badge tone="slate">
                        {s.exceptions.length} exception{s.exceptions.length === 1 ? "" : "s"}
                      </Badge>
                    ) : null}
                  </div>
                  {s.notes ? <p className="mt-2 text-xs text-slate-500">{s.notes}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/admin/calendar?adventure=${encodeURIComponent(s.adventure_id)}`}
                    className={buttonClass("ghost", "sm")}
                    aria-label={`Calendar of ${s.adventure_title}`}
                  >
                    <CalendarDays aria-hidden="true" className="h-4 w-4" />
                    Calendar
                  </Link>
                  <Button
                    size="sm"
                    onClick={() => onEdit(s)}
                    aria-label={`Edit schedule ${s.adventure_title}, ${weekdaysText(s.weekdays)}`}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => onDelete(s)}
                    aria-label={`Delete schedule ${s.adventure_title}, ${weekdaysText(s.weekdays)}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

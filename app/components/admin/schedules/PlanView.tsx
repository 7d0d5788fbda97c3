import { CalendarMinus, CalendarPlus, CalendarX, PenLine } from "lucide-react";
import type { ReactNode } from "react";
import type { LeftDeparture, SchedulePlan } from "../../../../server/domain/bookings/schedules.server";
import { departureText, splitDepartureKey } from "../../../lib/departure";
import { Badge, type BadgeTone } from "../ui";

const REASONS: Record<LeftDeparture["reason"], { text: (l: LeftDeparture) => string; tone: BadgeTone }> = {
  booked: {
    text: (l) =>
      `${l.booked_spots || "Has"} booked${l.booked_spots ? ` spot${l.booked_spots === 1 ? "" : "s"}` : ""}`,
    tone: "amber",
  },
  closed: { text: () => "Closed", tone: "slate" },
  exists: { text: () => "Already in the calendar", tone: "blue" },
  mixed: {
    text: (l) => (l.start_time ? "Date has a departure without a time" : "Date has timed departures"),
    tone: "blue",
  },
};

/** "Sat 6 Dec 2026" or "Sat 6 Dec 2026, 1:00 pm": a plan names departures by their key (lib/departure). */
function departureOf(key: string): string {
  const { date, startTime } = splitDepartureKey(key);
  return departureText(date, startTime, "long");
}

const WOULD = { change: "not changed", remove: "not removed" } as const;

/** A list of departures (or dates), folded when long: a season of weekends is forty dates. */
function Dates({ dates }: { dates: string[] }) {
  const shown = dates.slice(0, 12);
  const rest = dates.length - shown.length;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5">
      {shown.map((d) => (
        <li key={d} className="rounded-lg bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700">
          {departureOf(d)}
        </li>
      ))}
      {rest > 0 ? (
        <li>
          <details className="text-xs text-slate-600">
            <summary className="cursor-pointer rounded-lg px-2 py-1 font-medium text-ocean-700 hover:bg-slate-50">
              and {rest} more
            </summary>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {dates.slice(12).map((d) => (
                <li key={d} className="rounded-lg bg-slate-100 px-2 py-1 font-medium text-slate-700">
                  {departureOf(d)}
                </li>
              ))}
            </ul>
          </details>
        </li>
      ) : null}
    </ul>
  );
}

function Section({
  icon,
  title,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} className="border-t border-slate-100 py-3 first:border-t-0 first:pt-0">
      <h3 className="flex items-center gap-2 font-sans text-sm font-semibold text-ocean-900">
        <span aria-hidden="true" className="text-slate-500">
          {icon}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What a plan counts: departures where any has a start time, else dates, as it always has. */
export function planUnit(plan: SchedulePlan): "departure" | "date" {
  const keys = [...plan.create, ...plan.change, ...plan.remove, ...plan.unchanged];
  return keys.some((k) => splitDepartureKey(k).startTime) || plan.left.some((l) => l.start_time)
    ? "departure"
    : "date";
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What a save does (a preview) or did (its answer): dates created, changed
 * and removed, and every date left as it is with the reason (bookings,
 * closed, already in the calendar), so nothing with bookings changes unseen.
 */
export function PlanView({ plan, done = false }: { plan: SchedulePlan; done?: boolean }) {
  const nothing = !plan.create.length && !plan.change.length && !plan.remove.length;
  const unit = planUnit(plan);
  return (
    <div className="text-sm">
      {plan.create.length ? (
        <Section
          testId="plan-create"
          icon={<CalendarPlus className="h-4 w-4" />}
          title={`${done ? "Created" : "Creates"} ${count(plan.create.length, unit)}`}
        >
          <Dates dates={plan.create} />
        </Section>
      ) : null}
      {plan.change.length ? (
        <Section
          testId="plan-change"
          icon={<PenLine className="h-4 w-4" />}
          title={`${done ? "Changed" : "Changes"} ${count(plan.change.length, unit)} to the new spots, price and notes`}
        >
          <Dates dates={plan.change} />
        </Section>
      ) : null}
      {plan.remove.length ? (
        <Section
          testId="plan-remove"
          icon={<CalendarMinus className="h-4 w-4" />}
          title={`${done ? "Removed" : "Removes"} ${count(plan.remove.length, unit)} (no bookings)`}
        >
          <Dates dates={plan.remove} />
        </Section>
      ) : null}
      {plan.left.length ? (
        <Section
          testId="plan-left"
          icon={<CalendarX className="h-4 w-4" />}
          title={`${count(plan.left.length, unit)} left as ${plan.left.length === 1 ? "it is" : "they are"}`}
        >
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {plan.left.map((l) => (
              <li
                key={`${l.date} ${l.start_time ?? ""}`}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="font-medium text-slate-800">
                  {departureText(l.date, l.start_time ?? "")}
                </span>
                <span className="flex flex-wrap items-center gap-1.5">
                  <Badge tone={REASONS[l.reason].tone}>{REASONS[l.reason].text(l)}</Badge>
                  {l.would ? <span className="text-xs text-slate-500">{WOULD[l.would]}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {plan.excepted.length ? (
        <Section
          testId="plan-excepted"
          icon={<CalendarX className="h-4 w-4" />}
          title={`${count(plan.excepted.length, "exception")} skipped`}
        >
          <Dates dates={plan.excepted} />
        </Section>
      ) : null}
      {nothing ? (
        <p data-testid="plan-nothing" className="text-slate-600">
          {plan.unchanged.length
            ? `No ${unit} changes: ${count(plan.unchanged.length, unit)} already match.`
            : `No ${unit}s change.`}
        </p>
      ) : plan.unchanged.length ? (
        <p className="pt-2 text-xs text-slate-500">{count(plan.unchanged.length, unit)} already match.</p>
      ) : null}
    </div>
  );
}

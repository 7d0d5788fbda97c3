import { Backpack, CheckCircle2 } from "lucide-react";

/**
 * One labelled fact about a trip (when, group, meeting point) inside a
 * `<dl>`. A dl may hold dt/dd groups each wrapped in one div and nothing else
 * (no div around that div, no icon beside the dt), so the icon sits inside the
 * dt and the group's own div takes the grid span.
 */
export function TripFact({
  icon,
  label,
  wide = false,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  /** Spans both columns of the grid. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="flex items-center gap-2 text-slate-500">
        <span className="text-reef-600" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 pl-7 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The adventure's "What to bring" list, as the success page and the booking link's page show it. */
export function WhatToBring({ items }: { items: readonly string[] }) {
  return (
    <section className="card p-6" aria-labelledby="bring">
      <h2 id="bring" className="flex items-center gap-2 text-xl font-semibold">
        <Backpack className="size-5 text-reef-600" aria-hidden="true" /> What to bring
      </h2>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-reef-600" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

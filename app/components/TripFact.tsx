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

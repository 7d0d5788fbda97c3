/**
 * The admin kit's layout blocks: the page header, cards, stat cards, the
 * empty and loading states and plain tables, so every screen is framed alike.
 */
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx";

/* ---------- Page header ---------- */

/** The page's h1 (and document title), an optional line of text and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: string;
}) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} | Admin`}</title>
      <div className="min-w-0">
        {eyebrow ? <p className="eyebrow mb-1">{eyebrow}</p> : null}
        <h1 className="font-display text-2xl font-semibold text-ocean-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/* ---------- Card ---------- */

export function Card({
  title,
  description,
  actions,
  children,
  className,
  bodyClassName,
  as: Tag = "section",
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Defaults to padded; pass "" for edge-to-edge content such as tables. */
  bodyClassName?: string;
  as?: "section" | "div" | "article";
}) {
  return (
    <Tag className={cx("rounded-2xl border border-slate-200 bg-white shadow-sm", className)}>
      {title || actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3.5 sm:px-5">
          <div className="min-w-0">
            {title ? <h2 className="font-sans text-base font-semibold text-ocean-900">{title}</h2> : null}
            {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      <div className={bodyClassName ?? "p-4 sm:p-5"}>{children}</div>
    </Tag>
  );
}

/* ---------- Stat card ---------- */

const statTones = {
  ocean: "bg-ocean-50 text-ocean-700",
  reef: "bg-reef-50 text-reef-700",
  coral: "bg-coral-50 text-coral-700",
  sand: "bg-sand-100 text-amber-800",
  slate: "bg-slate-100 text-slate-700",
} as const;

export function StatCard({
  label,
  value,
  hint,
  icon,
  tone = "ocean",
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  tone?: keyof typeof statTones;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3.5 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-1 font-display text-2xl font-semibold break-words text-ocean-900">{value}</p>
          {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
        </div>
        {icon ? (
          <span
            aria-hidden="true"
            className={cx(
              "hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl sm:flex",
              statTones[tone],
            )}
          >
            {icon}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/* ---------- Empty state and loading ---------- */

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center">
      {icon ? (
        <span
          aria-hidden="true"
          className="mb-3 flex h-12 w-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500"
        >
          {icon}
        </span>
      ) : null}
      <p className="font-semibold text-ocean-900">{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
      <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

/* ---------- Tables ---------- */

/** Class names for plain tables, so every list reads the same. */
export const tableStyles = {
  wrap: "overflow-x-auto",
  table: "min-w-full divide-y divide-slate-200 text-left text-sm",
  thead: "bg-slate-50",
  th: "px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase",
  tbody: "divide-y divide-slate-100 bg-white",
  tr: "align-top hover:bg-slate-50/70",
  td: "px-4 py-3 text-slate-700",
} as const;

/** A scrollable table with a caption for screen readers. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className={tableStyles.wrap}>
      <table className={tableStyles.table}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

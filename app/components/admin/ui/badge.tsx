/** A small status label in one of the admin tones. */
import type { ReactNode } from "react";
import { cx } from "./cx";

const badgeTones = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  red: "bg-coral-50 text-coral-700 ring-coral-600/20",
  blue: "bg-ocean-50 text-ocean-700 ring-ocean-500/20",
  teal: "bg-reef-50 text-reef-700 ring-reef-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
} as const;
export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = "slate", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        badgeTones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** The business's stated claims, shown as figures. */
export const STATS = [
  { value: "8+", label: "Years of experience" },
  { value: "500+", label: "Adventurers guided" },
  { value: "100%", label: "Safety record" },
  { value: "2016", label: "Certified since" },
] as const;

interface StatsProps {
  /** "light" on white or sand backgrounds, "dark" on ocean backgrounds. */
  tone?: "light" | "dark";
  className?: string;
}

export function Stats({ tone = "light", className = "" }: StatsProps) {
  const dark = tone === "dark";
  return (
    <dl className={`grid grid-cols-2 gap-3 sm:grid-cols-4 ${className}`}>
      {STATS.map((s) => (
        <div
          key={s.label}
          className={`flex flex-col gap-1 rounded-2xl px-4 py-4 text-center ${
            dark ? "bg-white/10 ring-1 ring-white/15" : "bg-white ring-1 ring-slate-200/80"
          }`}
        >
          <dt className={`text-xs font-medium ${dark ? "text-ocean-100" : "text-slate-600"}`}>{s.label}</dt>
          <dd
            className={`-order-1 font-display text-3xl font-semibold tracking-tight ${
              dark ? "text-white" : "text-ocean-900"
            }`}
          >
            {s.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

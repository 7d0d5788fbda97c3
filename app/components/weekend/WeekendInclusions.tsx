import { Check } from "lucide-react";
import type { WeekendPlan } from "./DayByDay";

/** What's Included on the package the breakdown follows. */
export function WeekendInclusions({ main }: { main: Pick<WeekendPlan, "title" | "included"> }) {
  return (
    <section className="bg-ocean-950 py-20 text-white sm:py-28" aria-labelledby="weekend-included">
      <div className="container-site grid gap-12 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <p className="eyebrow text-reef-100">Inclusions</p>
          <h2
            id="weekend-included"
            className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl"
          >
            What's Included
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ocean-100">
            Everything on the {main.title}, taken care of. Just bring your swimmers, a sleeping bag and a
            sense of adventure.
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {main.included.map((item) => (
            <li key={item} className="flex gap-3 rounded-2xl bg-white/[0.06] p-4 ring-1 ring-white/10">
              <span className="mt-0.5 flex h-6 w-6 flex-none items-center justify-center rounded-full bg-reef-500 text-white">
                <Check aria-hidden="true" className="h-4 w-4" />
              </span>
              <span className="text-ocean-50">{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Check, HeartHandshake } from "lucide-react";
import type { WeekendPackage } from "./WeekendPackages";

/** Perfect For: who each package suits, for the packages that say. */
export function PerfectFor({ packages }: { packages: Pick<WeekendPackage, "id" | "title" | "best_for">[] }) {
  return (
    <section className="py-20 sm:py-28" aria-labelledby="weekend-perfect">
      <div className="container-site">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Who it's for</p>
          <h2 id="weekend-perfect" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            Perfect For
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {packages.map((p) => (
            <li key={p.id} className="rounded-3xl bg-sand-50 p-6 ring-1 ring-sand-200 sm:p-8">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-white text-coral-600 shadow-sm">
                <HeartHandshake aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{p.title}</h3>
              <ul className="mt-4 space-y-2.5">
                {p.best_for.map((b) => (
                  <li key={b} className="flex gap-2.5 text-slate-700">
                    <Check aria-hidden="true" className="mt-1 h-4 w-4 flex-none text-reef-600" />
                    {b}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

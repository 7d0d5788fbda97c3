import { ArrowRight, CalendarDays, Check, Tent } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "../../lib/money";
import { Img } from "../Img";

export interface WeekendPreviewContent {
  title: string;
  description: string;
  packageCount: number;
  fromCents: number;
  showcaseTitle: string;
  points: string[];
}

/** The weekend packages in short: how many, from what price, and the highlights of one of them. */
export function WeekendPreview({ weekend }: { weekend: WeekendPreviewContent }) {
  return (
    <section className="bg-sand-50 py-20 sm:py-28" aria-labelledby="home-weekend">
      <div className="container-site">
        <div className="grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200/80 lg:grid-cols-2">
          <div className="relative min-h-64 bg-ocean-100 lg:min-h-full">
            <Img
              src="/images/site/weekend-hero.webp"
              alt="Tents pitched on a headland above the sea at sunset"
              sizes="(min-width: 1024px) 640px, 100vw"
              className="absolute inset-0 h-full w-full object-cover"
            />
            <div className="absolute top-4 left-4 inline-flex items-center gap-2 rounded-full bg-white/95 px-3.5 py-1.5 text-sm font-semibold text-ocean-900 shadow-sm">
              <Tent aria-hidden="true" className="h-4 w-4 text-reef-600" />
              {weekend.packageCount} weekend {weekend.packageCount === 1 ? "package" : "packages"}
              {weekend.fromCents > 0 && <> from {formatMoney(weekend.fromCents)}</>}
            </div>
          </div>
          <div className="p-6 sm:p-12">
            <p className="eyebrow">Typical Weekend</p>
            <h2 id="home-weekend" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
              {weekend.title}
            </h2>
            {weekend.description && (
              <p className="mt-4 leading-relaxed text-slate-600 sm:text-lg">{weekend.description}</p>
            )}
            {weekend.points.length > 0 && (
              <>
                <p className="mt-7 flex items-center gap-2 text-sm font-semibold text-ocean-900">
                  <CalendarDays aria-hidden="true" className="h-4 w-4 text-reef-600" />
                  {weekend.showcaseTitle}
                </p>
                <ul className="mt-3 space-y-2.5">
                  {weekend.points.map((p) => (
                    <li key={p} className="flex gap-3 text-slate-700">
                      <span className="mt-0.5 flex h-5 w-5 flex-none items-center justify-center rounded-full bg-reef-50 text-reef-700">
                        <Check aria-hidden="true" className="h-3.5 w-3.5" />
                      </span>
                      {p}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/weekend" className="btn-teal">
                See a Typical Weekend
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
              <Link to="/book" className="btn-secondary">
                Book a Weekend
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

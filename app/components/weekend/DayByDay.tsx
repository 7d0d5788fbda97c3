import { ArrowRight, Sun, Sunrise } from "lucide-react";
import { Link } from "react-router";

export interface ItineraryStop {
  time: string;
  text: string;
}

/** The package the breakdown follows, its itinerary split by day. */
export interface WeekendPlan {
  id: string;
  slug: string;
  title: string;
  price_display: string;
  days: { day: number; stops: ItineraryStop[] }[];
  included: string[];
}

/** Your Weekend, Day by Day: each day's timed stops, the last day ending with Book This Weekend. */
export function DayByDay({ main }: { main: WeekendPlan }) {
  return (
    <section className="py-20 sm:py-28" aria-labelledby="weekend-breakdown">
      <div className="container-site">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Hour by hour</p>
          <h2 id="weekend-breakdown" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            Your Weekend, Day by Day
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            How a typical{" "}
            <Link
              to={`/adventures/${main.slug}`}
              className="font-semibold text-reef-700 underline decoration-reef-600/30 underline-offset-4 hover:decoration-reef-600"
            >
              {main.title}
            </Link>{" "}
            unfolds. Times shift with the tides and the weather.
          </p>
        </div>
        <div className="mt-14 grid gap-6 lg:grid-cols-2" data-testid="weekend-breakdown">
          {main.days.map(({ day, stops }, i) => (
            <article
              key={day}
              className="flex flex-col rounded-3xl bg-white p-6 ring-1 ring-slate-200/80 sm:p-8"
              data-testid="weekend-day"
            >
              <header className="flex items-center gap-3">
                <span
                  className={`flex h-11 w-11 items-center justify-center rounded-xl text-white ${
                    day === 1 ? "bg-reef-600" : "bg-coral-600"
                  }`}
                >
                  {day === 1 ? (
                    <Sun aria-hidden="true" className="h-5 w-5" />
                  ) : (
                    <Sunrise aria-hidden="true" className="h-5 w-5" />
                  )}
                </span>
                <h3 className="text-2xl font-semibold">Day {day}</h3>
              </header>
              <ol className="relative mt-6 space-y-5 border-l-2 border-slate-100 pl-6">
                {stops.map((s) => (
                  <li key={`${s.time}${s.text}`} className="relative">
                    <span
                      aria-hidden="true"
                      className={`absolute top-1.5 -left-[31px] h-3 w-3 rounded-full ring-4 ring-white ${
                        day === 1 ? "bg-reef-500" : "bg-coral-500"
                      }`}
                    />
                    {s.time && (
                      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{s.time}</p>
                    )}
                    <p className="mt-0.5 text-slate-800">{s.text}</p>
                  </li>
                ))}
              </ol>
              {i === main.days.length - 1 && (
                <div className="mt-8 flex flex-col gap-4 rounded-2xl bg-sand-50 p-5 ring-1 ring-sand-200 sm:flex-row sm:items-center sm:justify-between lg:mt-auto">
                  <p className="text-sm text-slate-700">
                    <span className="block font-semibold text-ocean-900">{main.title}</span>
                    {main.price_display}
                  </p>
                  <Link
                    to={`/book?adventure=${encodeURIComponent(main.id)}`}
                    className="btn-primary flex-none"
                  >
                    Book This Weekend
                    <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  </Link>
                </div>
              )}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

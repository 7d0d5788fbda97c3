import { Clock, MapPin, Moon, Sun, Users } from "lucide-react";
import { Link } from "react-router";
import { Img } from "../Img";

/** A weekend package as the /weekend page shows it. */
export interface WeekendPackage {
  id: string;
  slug: string;
  title: string;
  tagline: string;
  short_description: string;
  image: string;
  image_alt: string;
  price_display: string;
  price_cents: number;
  duration: string;
  groupSize: string;
  groupMax: number;
  location: string;
  best_for: string[];
}

/** Choose Your Weekend: a card per package with Learn More and Book Now, or a note when none is open. */
export function WeekendPackages({ packages }: { packages: WeekendPackage[] }) {
  return (
    <section
      id="packages"
      className="scroll-mt-20 bg-sand-50 py-20 sm:py-28"
      aria-labelledby="weekend-packages"
    >
      <div className="container-site">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Weekend packages</p>
          <h2 id="weekend-packages" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            Choose Your Weekend
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Tents, meals and gear are set up for you. All you bring is a sleeping bag and a sense of
            adventure.
          </p>
        </div>
        {packages.length === 0 ? (
          <p className="mt-12 text-center text-slate-600">
            No weekend packages are open right now.{" "}
            <Link to="/adventures" className="font-semibold text-reef-700 underline underline-offset-2">
              See all adventures
            </Link>
          </p>
        ) : (
          <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {packages.map((p) => (
              <li key={p.id} className="card group flex flex-col" data-testid="weekend-package">
                <div className="relative aspect-[4/3] overflow-hidden bg-ocean-100">
                  <Img
                    src={p.image}
                    alt={p.image_alt || p.title}
                    sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
                    className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                  <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-ocean-900 shadow-sm">
                    {/night/i.test(p.duration) && !/days/i.test(p.duration) ? (
                      <Moon aria-hidden="true" className="h-3.5 w-3.5 text-reef-600" />
                    ) : (
                      <Sun aria-hidden="true" className="h-3.5 w-3.5 text-reef-600" />
                    )}
                    {p.duration}
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <h3 className="text-xl leading-snug font-semibold">{p.title}</h3>
                  <p className="mt-1 text-lg font-semibold text-coral-700">{p.price_display}</p>
                  <p className="mt-3 text-sm leading-relaxed text-slate-600">
                    {p.tagline || p.short_description}
                  </p>
                  <dl className="mt-4 space-y-1.5 text-sm text-slate-600">
                    <div className="flex gap-2">
                      <dt className="flex-none">
                        <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 text-reef-600" />
                        <span className="sr-only">Duration</span>
                      </dt>
                      <dd>{p.duration}</dd>
                    </div>
                    <div className="flex gap-2">
                      <dt className="flex-none">
                        <Users aria-hidden="true" className="mt-0.5 h-4 w-4 text-reef-600" />
                        <span className="sr-only">Group size</span>
                      </dt>
                      <dd>{p.groupSize}</dd>
                    </div>
                    {p.location && (
                      <div className="flex gap-2">
                        <dt className="flex-none">
                          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 text-reef-600" />
                          <span className="sr-only">Location</span>
                        </dt>
                        <dd>{p.location}</dd>
                      </div>
                    )}
                  </dl>
                  <div className="mt-auto grid grid-cols-2 gap-3 pt-6">
                    <Link to={`/adventures/${p.slug}`} className="btn-secondary">
                      Learn More<span className="sr-only">: {p.title}</span>
                    </Link>
                    <Link to={`/book?adventure=${encodeURIComponent(p.id)}`} className="btn-primary">
                      Book Now<span className="sr-only">: {p.title}</span>
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

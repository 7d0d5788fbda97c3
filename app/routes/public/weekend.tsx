import {
  ArrowRight,
  CalendarDays,
  Check,
  Clock,
  HeartHandshake,
  MapPin,
  MessageCircle,
  Moon,
  Sun,
  Sunrise,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { Img } from "../../components/Img";
import { getApp } from "../../lib/context";
import { groupSizeRange } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/weekend";

/** Weekend packages are the multi-day adventures: "2 days (weekend)", "Overnight (1 night)". */
const isWeekendPackage = (duration: string) => /days|night/i.test(duration);

interface ItineraryStop {
  time: string;
  text: string;
}

/** "Day 1, 8:30 AM - Meet at ..." -> day 1, { time: "8:30 AM", text: "Meet at ..." }. */
function splitByDay(itinerary: string[]): { day: number; stops: ItineraryStop[] }[] {
  const days = new Map<number, ItineraryStop[]>();
  for (const item of itinerary) {
    const m = /^Day\s*(\d+)\s*[,:-]?\s*(.*)$/i.exec(item.trim());
    if (!m) continue;
    const rest = m[2];
    const timed = /^(\d{1,2}(?::\d{2})?\s*(?:AM|PM))\s*[-–—:]\s*(.+)$/i.exec(rest);
    const stop = timed
      ? { time: timed[1], text: timed[2] }
      : { time: "", text: rest.replace(/^[-–—:]\s*/, "") };
    const day = Number(m[1]);
    days.set(day, [...(days.get(day) ?? []), stop]);
  }
  return [...days.entries()].sort((a, b) => a[0] - b[0]).map(([day, stops]) => ({ day, stops }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [content, adventures] = await Promise.all([loadSiteContent(db), listActiveAdventures(db)]);
  const weekend = content.weekend ?? {};
  const packages = adventures.filter((a) => isWeekendPackage(a.duration));
  const hasDay2 = (itinerary: string[]) => itinerary.some((i) => /^Day\s*2\b/i.test(i.trim()));
  // The breakdown follows the two-day dive-and-camp trip, else any two-day package.
  const main =
    packages.find((a) => a.category === "combined" && /days/i.test(a.duration) && hasDay2(a.itinerary)) ??
    packages.find((a) => hasDay2(a.itinerary)) ??
    packages[0] ??
    null;

  return {
    title: weekend.weekend_hero_title || "Typical Weekend",
    description: weekend.weekend_hero_description ?? "",
    packages: packages.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      tagline: p.tagline,
      short_description: p.short_description,
      image: p.hero_image,
      image_alt: p.hero_image_alt,
      price_display: p.price_display,
      price_cents: Math.round(p.base_price * 100),
      duration: p.duration,
      groupSize: p.groupSize,
      groupMax: groupSizeRange(p).max,
      location: p.location,
      best_for: p.best_for,
    })),
    main: main
      ? {
          id: main.id,
          slug: main.slug,
          title: main.title,
          price_display: main.price_display,
          days: splitByDay(main.itinerary).slice(0, 2),
          included: main.included_items,
        }
      : null,
  };
}

function clip(text: string, max = 158): string {
  if (text.length <= max) return text;
  return `${text.slice(0, text.lastIndexOf(" ", max - 1)).replace(/[\s,.;:]+$/, "")}…`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0].loaderData;
  const site = siteName(root.content);
  const packages = loaderData?.packages ?? [];
  const from = packages.length ? Math.min(...packages.map((p) => p.price_cents)) : 0;
  // The hero's first sentence plus the facts a searcher compares: how many, from how much.
  const lead = /^[^.!?]+[.!?]/.exec(loaderData?.description ?? "")?.[0] ?? "";
  const facts = packages.length
    ? `${packages.length} weekend dive and camp ${packages.length === 1 ? "package" : "packages"} from ${formatMoney(from)} per person, with tents, meals and all gear set up for you.`
    : "Weekend dive and camping trips on the NSW coast, with tents, meals and all gear set up for you.";
  return seo({
    title: `${loaderData?.title || "Typical Weekend"} from Sydney | ${site}`,
    description: clip([lead, facts].filter(Boolean).join(" ")),
    path: "/weekend",
    origin: root.origin,
    image: "/images/site/weekend-hero.webp",
  });
};

export default function Weekend({ loaderData }: Route.ComponentProps) {
  const { title, description, packages, main } = loaderData;
  const site = siteInfo(useRootData().content);
  const fromCents = packages.length ? Math.min(...packages.map((p) => p.price_cents)) : 0;
  const perfectFor = packages.filter((p) => p.best_for.length > 0);

  return (
    <>
      {/* Hero */}
      <section className="relative isolate overflow-hidden bg-ocean-950">
        <Img
          src="/images/site/weekend-hero.webp"
          alt=""
          priority
          sizes="100vw"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-t from-ocean-950 via-ocean-950/65 to-ocean-950/30 lg:bg-gradient-to-r lg:from-ocean-950/90 lg:via-ocean-950/55 lg:to-ocean-950/10"
        />
        <div className="container-site py-20 sm:py-28 lg:py-36">
          <div className="max-w-2xl text-white">
            <p className="eyebrow text-reef-100">Typical Weekend</p>
            <h1 className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
              {title}
            </h1>
            {description && (
              <p className="mt-5 max-w-xl text-base leading-relaxed text-ocean-50/90 sm:text-lg">
                {description}
              </p>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href="#packages" className="btn-primary px-6 py-3.5 text-base">
                View Weekend Packages
              </a>
              <Link to="/book" className="btn-ghost-light px-6 py-3.5 text-base">
                Book Now
              </Link>
            </div>
            <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm text-ocean-100">
              <li className="inline-flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="h-4 w-4 text-reef-100" />
                {packages.length} weekend {packages.length === 1 ? "package" : "packages"}
              </li>
              {fromCents > 0 && (
                <li className="inline-flex items-center gap-2">
                  <Check aria-hidden="true" className="h-4 w-4 text-reef-100" />
                  From {formatMoney(fromCents)} per person
                </li>
              )}
              <li className="inline-flex items-center gap-2">
                <Users aria-hidden="true" className="h-4 w-4 text-reef-100" />
                Groups of at most {Math.max(1, ...packages.map((p) => p.groupMax))}
              </li>
            </ul>
          </div>
        </div>
      </section>

      {/* Packages */}
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

      {/* Two-day breakdown */}
      {main && main.days.length > 0 && (
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
                          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                            {s.time}
                          </p>
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
      )}

      {/* Inclusions */}
      {main && main.included.length > 0 && (
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
      )}

      {/* Perfect for */}
      {perfectFor.length > 0 && (
        <section className="py-20 sm:py-28" aria-labelledby="weekend-perfect">
          <div className="container-site">
            <div className="mx-auto max-w-2xl text-center">
              <p className="eyebrow">Who it's for</p>
              <h2 id="weekend-perfect" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
                Perfect For
              </h2>
            </div>
            <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {perfectFor.map((p) => (
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
      )}

      {/* Calls to action */}
      <section className="pb-20 sm:pb-28" aria-labelledby="weekend-cta">
        <div className="container-site">
          <div className="relative isolate overflow-hidden rounded-3xl bg-ocean-900 px-6 py-14 text-center sm:px-12 sm:py-20">
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_15%,rgba(19,163,163,0.35),transparent_55%),radial-gradient(circle_at_85%_90%,rgba(230,57,70,0.3),transparent_50%)]"
            />
            <h2 id="weekend-cta" className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">
              Ready for Your Weekend Escape?
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-ocean-100">
              Weekends fill fast with groups of at most four. Pick your dates now, or ask {site.guideName}{" "}
              anything about the trips first.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/book" className="btn-primary px-6 py-3.5 text-base">
                Book Your Weekend
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
              <Link to="/contact" className="btn-ghost-light px-6 py-3.5 text-base">
                Ask a Question
              </Link>
              {site.whatsappUrl && (
                <a
                  href={site.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-ghost-light px-6 py-3.5 text-base"
                >
                  <MessageCircle aria-hidden="true" className="h-4 w-4" />
                  WhatsApp
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

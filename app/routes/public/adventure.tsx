import { isbot } from "isbot";
import {
  ArrowLeft,
  Check,
  ChevronRight,
  Clock,
  Lock,
  MapPin,
  MessageCircle,
  ShieldCheck,
  Sparkles,
  Star,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { listDateOptions } from "../../../server/domain/bookings/availability.server";
import {
  findActiveAdventure,
  findRelatedAdventures,
  type PublicAdventure,
} from "../../../server/domain/content/adventures.server";
import { adventureRating, type RatingSummary } from "../../../server/domain/content/testimonials.server";
import { AdventureCard, SkillBadge } from "../../components/AdventureCard";
import { AdventureTabs } from "../../components/AdventureTabs";
import { WaitlistForm } from "../../components/booking/WaitlistForm";
import { Img } from "../../components/Img";
import { JsonLd } from "../../components/JsonLd";
import { categoryLabel, skillLabel } from "../../lib/adventure-catalogue";
import { getApp } from "../../lib/context";
import { currencyCode, DEFAULT_CURRENCY } from "../../lib/currency";
import { formView } from "../../lib/form-result";
import { groupSizeRange, peopleText } from "../../lib/group-size";
import { absolute, seo } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import { offerAvailability, reviewsText } from "../../lib/structured-data";
import { WAITLIST_INTENT } from "../../lib/waitlist";
import { useRootData } from "../../root";
import type { Route } from "./+types/adventure";
import { waitlistFormAction } from "./waitlist-form.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, booking } = getApp(context);
  const adventure = await findActiveAdventure(db, params.slug);
  const bot = isbot(request.headers.get("user-agent") ?? "");
  if (!adventure) {
    // Crawlers learn it is gone. People are sent on to the list: a loader redirect never
    // commits the bad URL to history, so Back returns to the page they came from.
    // (react-router's replace() would also overwrite that previous page on client navigations.)
    if (bot) throw data("Adventure not found", { status: 404 });
    throw redirect("/adventures");
  }
  // The waitlist form lists the dates that cannot take the largest group.
  const [related, rating, dates] = await Promise.all([
    findRelatedAdventures(db, adventure, 3),
    adventureRating(db, adventure.id),
    adventure.booking_enabled ? listDateOptions(db, adventure.id, booking.now()).then((d) => d ?? []) : [],
  ]);
  return { adventure, related, rating, dates };
}

/** The waitlist form without JavaScript posts here (the page has no other form). */
export async function action({ request, context }: Route.ActionArgs) {
  return waitlistFormAction(request, getApp(context));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  const site = siteInfo(root.content);
  const a = loaderData?.adventure;
  if (!a) {
    return seo({
      title: `Adventure not found | ${site.title}`,
      description: "This adventure is no longer available.",
      path: "/adventures",
      origin: root.origin,
      noindex: true,
    });
  }
  return seo({
    title: a.meta_title || `${a.title} | ${site.title}`,
    description: a.meta_description || a.short_description,
    path: `/adventures/${a.slug}`,
    origin: root.origin,
    image: a.social_image || a.hero_image || undefined,
    type: "product",
  });
};

export default function AdventurePage({ loaderData, actionData }: Route.ComponentProps) {
  const { adventure: a, related, rating, dates } = loaderData;
  // The page view is counted from the browser: this page is shared from the page cache (and a CDN),
  // where no loader runs per visitor. A beacon outlives a quick navigation away.
  useEffect(() => {
    navigator.sendBeacon?.(`/api/adventures/${encodeURIComponent(a.id)}/view`);
  }, [a.id]);
  const { origin, content } = useRootData();
  const site = siteInfo(content);
  const url = `${origin}/adventures/${a.slug}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: a.title,
    description: a.short_description || a.tagline,
    image: [a.social_image, a.hero_image].filter(Boolean).map((src) => absolute(origin, src)),
    sku: a.id,
    category: categoryLabel(a.category),
    url,
    brand: { "@type": "Brand", name: site.title },
    offers: {
      "@type": "Offer",
      url,
      price: a.base_price.toFixed(2),
      priceCurrency: currencyCode(a.currency || DEFAULT_CURRENCY),
      availability: offerAvailability(a.booking_enabled, dates),
      seller: { "@id": `${origin}/#business` },
    },
    // Only approved reviews count, and a product with none carries no rating at all. The hero
    // shows the same average and count: marked-up reviews must be visible on the page.
    ...(rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average.toFixed(1),
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };

  return (
    <article>
      <JsonLd data={jsonLd} />
      <Hero adventure={a} rating={rating} />

      <div className="container-site grid gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12 xl:grid-cols-[minmax(0,1fr)_24rem]">
        {/* On phones the booking card comes first; on desktop it is the sticky right column. */}
        <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-label="Book this adventure">
          <div className="lg:sticky lg:top-28">
            <BookingCard adventure={a} />
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {/* A fresh tab state per adventure (related links reuse this page). */}
          <AdventureTabs key={a.id} adventure={a} />
        </div>
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-2">
          {a.booking_enabled ? (
            <WaitlistForm
              adventureId={a.id}
              dates={dates}
              range={groupSizeRange(a)}
              action={`/adventures/${encodeURIComponent(a.slug)}`}
              submitted={formView(actionData, WAITLIST_INTENT)}
            />
          ) : null}
          <SafetyGuarantee guideName={site.guideName} groupMax={groupSizeRange(a).max} />
        </div>
      </div>

      {related.length > 0 && (
        <section
          className="border-t border-slate-200/70 bg-sand-50 py-14 sm:py-20"
          aria-labelledby="related-title"
        >
          <div className="container-site">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <p className="eyebrow">Keep exploring</p>
                <h2 id="related-title" className="mt-2 text-3xl font-semibold">
                  You Might Also Like
                </h2>
              </div>
              <Link
                to="/adventures"
                className="inline-flex items-center gap-1 text-sm font-semibold text-reef-700 hover:text-reef-600"
              >
                All adventures
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </div>
            <ul
              className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8"
              data-testid="related-adventures"
            >
              {related.map((r) => (
                <li key={r.id}>
                  <AdventureCard adventure={r} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </article>
  );
}

function Hero({ adventure: a, rating }: { adventure: PublicAdventure; rating: RatingSummary }) {
  return (
    <header className="relative isolate flex min-h-[26rem] items-end overflow-hidden bg-ocean-950 text-white sm:min-h-[28rem] lg:min-h-[31rem]">
      <Img
        src={a.hero_image}
        alt={a.hero_image_alt || a.title}
        priority
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ocean-950/95 via-ocean-950/45 to-ocean-950/25" />
      <div className="absolute inset-0 -z-10 hidden bg-gradient-to-r from-ocean-950/55 via-ocean-950/10 to-transparent sm:block" />
      <div className="container-site pt-24 pb-10 sm:pb-14">
        <nav aria-label="Breadcrumb">
          <Link
            to="/adventures"
            className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 text-sm font-medium text-white backdrop-blur-sm hover:bg-white/20"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            All adventures
          </Link>
        </nav>
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <SkillBadge level={a.skill_level} />
          <span className="inline-flex items-center rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold text-white ring-1 ring-white/25 ring-inset backdrop-blur-sm">
            {categoryLabel(a.category)}
          </span>
        </div>
        <h1 className="mt-4 max-w-4xl text-4xl font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {a.title}
        </h1>
        {a.tagline && (
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ocean-100 sm:text-xl">{a.tagline}</p>
        )}
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-white/90">
          <li className="inline-flex items-center gap-1.5">
            <Clock className="h-4 w-4 text-reef-100" aria-hidden="true" />
            {a.duration}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Users className="h-4 w-4 text-reef-100" aria-hidden="true" />
            {a.groupSize}
          </li>
          {a.location && (
            <li className="inline-flex items-center gap-1.5">
              <MapPin className="h-4 w-4 flex-none text-reef-100" aria-hidden="true" />
              {a.location}
            </li>
          )}
          {rating.count > 0 && (
            <li>
              <Link
                to={`/reviews?adventure=${encodeURIComponent(a.id)}`}
                className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
                data-testid="adventure-rating"
              >
                <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                {`${rating.average.toFixed(1)} out of 5 · ${reviewsText(rating.count)}`}
              </Link>
            </li>
          )}
        </ul>
      </div>
    </header>
  );
}

function BookingCard({ adventure: a }: { adventure: PublicAdventure }) {
  const facts = [
    { icon: Clock, label: "Duration", value: a.duration },
    { icon: Users, label: "Group size", value: a.groupSize },
    { icon: MapPin, label: "Location", value: a.location },
  ].filter((f) => f.value);
  return (
    <div className="card p-6 shadow-lg shadow-ocean-900/5" data-testid="booking-card">
      <p className="text-sm font-medium text-slate-500">Price</p>
      <p className="mt-1 font-display text-3xl font-semibold text-ocean-900">{a.price_display}</p>
      <div className="mt-5 grid gap-3">
        {a.booking_enabled ? (
          <Link
            to={`/book?adventure=${encodeURIComponent(a.id)}`}
            className="btn-primary w-full py-3.5 text-base"
          >
            Book This Adventure
          </Link>
        ) : (
          <p className="flex gap-2.5 rounded-xl bg-sand-100 p-3.5 text-sm text-slate-700" role="note">
            <Lock className="mt-0.5 h-4 w-4 flex-none text-amber-700" aria-hidden="true" />
            <span>
              Online booking is closed for this trip. Get in touch and we'll help you find a date or a similar
              adventure.
            </span>
          </p>
        )}
        <Link to="/contact" className={`${a.booking_enabled ? "btn-secondary" : "btn-primary"} w-full`}>
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
          Ask Questions
        </Link>
      </div>
      <dl className="mt-6 space-y-3.5 border-t border-slate-100 pt-5">
        {facts.map((f) => (
          <div key={f.label} className="relative min-w-0 pl-8">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <f.icon className="absolute top-0.5 left-0 h-5 w-5 text-reef-600" aria-hidden="true" />
              {f.label}
            </dt>
            <dd className="text-sm font-medium text-slate-800">{f.value}</dd>
          </div>
        ))}
        <div className="relative pl-8">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <Sparkles className="absolute top-0.5 left-0 h-5 w-5 text-reef-600" aria-hidden="true" />
            Skill level
          </dt>
          <dd className="text-sm font-medium text-slate-800">{skillLabel(a.skill_level)}</dd>
        </div>
      </dl>
    </div>
  );
}

function SafetyGuarantee({ guideName, groupMax }: { guideName: string; groupMax: number }) {
  const points = [
    `Every trip is led personally by ${guideName}, a PADI-certified instructor`,
    `Groups of at most ${peopleText(groupMax)}, so you always have attention close by`,
    "Emergency oxygen and a full first aid kit on every trip",
    "Conditions checked before every outing; weather cancellations get a full refund or a free reschedule",
  ];
  return (
    <section
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-ocean-900 to-ocean-800 p-6 text-white sm:p-8"
      aria-labelledby="safety-title"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-reef-500/20 text-reef-100">
          <ShieldCheck className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 id="safety-title" className="text-2xl font-semibold text-white">
          Our Safety Guarantee
        </h2>
      </div>
      <p className="mt-4 text-ocean-100">
        Your safety comes before everything else. We have kept a 100% safety record across more than 500
        adventurers, and every trip follows the same careful routine.
      </p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {points.map((p) => (
          <li key={p} className="flex gap-2.5 text-sm text-white/90">
            <Check className="mt-0.5 h-4 w-4 flex-none text-reef-100" aria-hidden="true" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Crawlers asking for an unknown adventure get a real 404 page inside the site frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-site flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="eyebrow">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-3 text-4xl font-semibold">
        {notFound ? "Adventure not found" : "Something went wrong"}
      </h1>
      <p className="mt-4 max-w-md text-slate-600">
        {notFound
          ? "This adventure is no longer on offer, but there are plenty more to choose from."
          : "We could not load this adventure. Please try again in a moment."}
      </p>
      <Link to="/adventures" className="btn-primary mt-8">
        See all adventures
      </Link>
    </section>
  );
}

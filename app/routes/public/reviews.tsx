import { Compass, Mail, MapPin, MessageSquareQuote, Quote } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listTestimonials, summarise } from "../../../server/domain/content/testimonials.server";
import { Img } from "../../components/Img";
import { SocialLinks } from "../../components/SocialLinks";
import { Stars } from "../../components/Stars";
import { prettifyAdventureType } from "../../lib/adventure-type";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/reviews";

const ALL = "all";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [reviews, adventures, content] = await Promise.all([
    listTestimonials(db),
    listActiveAdventures(db),
    loadSiteContent(db),
  ]);
  return {
    rating: summarise(reviews),
    // Featured reviews lead; otherwise newest first (a stable sort keeps that order).
    reviews: [...reviews].sort((a, b) => Number(b.is_featured) - Number(a.is_featured)),
    // Only what the page needs: titles for the filter and links to the adventures.
    adventures: adventures.map((a) => ({ id: a.id, slug: a.slug, title: a.title })),
    page: content.reviews ?? {},
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Reviews | Tidewater Dive & Camp",
    description:
      "Read what divers, campers and first-timers say about our small-group scuba, snorkelling and camping adventures on the NSW coast.",
    path: "/reviews",
    origin: matches[0].loaderData.origin,
  });

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}]/u.test(w));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? words[words.length - 1][0] : "";
  return (first + last).toUpperCase() || "?";
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { reviews, adventures, page, rating } = loaderData;
  const site = siteInfo(useRootData().content);
  const [searchParams] = useSearchParams();
  const [adventure, setAdventure] = useState(searchParams.get("adventure") || ALL);
  const selectId = useId();

  // The headline summarises every review; the grid shows the filtered ones.
  const total = rating.count;
  const average = rating.average;
  const averageText = average.toFixed(1);

  // Every adventure that has reviews, by title; an adventure asked for in the
  // address but without reviews is listed too, so the select shows the filter in use.
  const options = new Map<string, string>();
  for (const r of reviews) options.set(r.adventure_type, r.adventure_title);
  if (adventure !== ALL && !options.has(adventure)) {
    options.set(
      adventure,
      adventures.find((a) => a.id === adventure)?.title ?? prettifyAdventureType(adventure),
    );
  }
  const sortedOptions = [...options.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const shown = adventure === ALL ? reviews : reviews.filter((r) => r.adventure_type === adventure);
  const linkFor = (type: string) => adventures.find((a) => a.id === type);

  const choose = (value: string) => {
    setAdventure(value);
    // Keep the filter in the address so it can be shared, without a navigation.
    const url = new URL(window.location.href);
    if (value === ALL) url.searchParams.delete("adventure");
    else url.searchParams.set("adventure", value);
    window.history.replaceState(window.history.state, "", url);
  };

  const title = page.hero_title || "What Our Adventurers Say";
  const subtitle =
    page.hero_subtitle ||
    "Honest words from divers, campers and first-timers who have explored the NSW coast with us.";
  return (
    <>
      <header className="relative isolate overflow-hidden bg-ocean-950 text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-reef-700),transparent_60%),radial-gradient(ellipse_at_bottom_left,var(--color-ocean-700),transparent_55%)] opacity-70"
        />
        <div className="container-site grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[1fr_auto] lg:gap-16">
          <div className="text-center lg:text-left">
            <p className="eyebrow text-reef-100">Reviews</p>
            <h1 className="mt-3 text-4xl font-semibold text-white sm:text-5xl">{title}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-ocean-100 sm:text-lg lg:mx-0">
              {subtitle}
            </p>
          </div>
          <section
            aria-label="Rating summary"
            className="mx-auto w-full max-w-xs rounded-2xl bg-white/10 p-6 text-center ring-1 ring-white/15 backdrop-blur-sm sm:p-8"
          >
            {total > 0 ? (
              <>
                <p className="font-display text-6xl font-semibold text-white" data-testid="reviews-average">
                  {averageText}
                </p>
                <Stars
                  rating={average}
                  label={`Average rating ${averageText} out of 5`}
                  className="mt-3 justify-center"
                  starClassName="h-6 w-6"
                />
                <p className="mt-3 text-sm text-ocean-100" data-testid="reviews-total">
                  {`Based on ${total} ${total === 1 ? "review" : "reviews"}`}
                </p>
              </>
            ) : (
              <p className="text-ocean-100">No reviews yet. Yours could be the first!</p>
            )}
          </section>
        </div>
      </header>

      <section aria-labelledby="reviews-list" className="bg-sand-50">
        <div className="container-site py-12 sm:py-16">
          <h2 id="reviews-list" className="sr-only">
            Reviews
          </h2>
          <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/80 sm:flex-row sm:items-end sm:justify-between sm:p-5">
            <div className="w-full sm:max-w-sm">
              <label htmlFor={selectId} className="field-label">
                Filter by adventure
              </label>
              <select
                id={selectId}
                className="field"
                value={adventure}
                onChange={(e) => choose(e.target.value)}
              >
                <option value={ALL}>All adventures</option>
                {sortedOptions.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <p
              aria-live="polite"
              className="text-sm font-medium text-slate-600 sm:pb-3"
              data-testid="reviews-count"
            >
              {`${shown.length} ${shown.length === 1 ? "review" : "reviews"}`}
            </p>
          </div>

          {shown.length === 0 ? (
            <div className="mx-auto mt-8 max-w-md rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
              <MessageSquareQuote aria-hidden className="mx-auto h-10 w-10 text-reef-600" />
              <p className="mt-4 font-display text-xl font-semibold text-ocean-900">No reviews found</p>
              <p className="mt-2 text-slate-600">
                Nobody has reviewed this adventure yet. Have a look at what others said about our other trips.
              </p>
              <button type="button" className="btn-secondary mt-6" onClick={() => choose(ALL)}>
                Show all reviews
              </button>
            </div>
          ) : (
            <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
              {shown.map((r) => {
                const adv = linkFor(r.adventure_type);
                return (
                  <li key={r.id}>
                    <article
                      className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200/80 sm:p-7"
                      data-testid="review-card"
                    >
                      <div className="flex items-center justify-between">
                        <Stars rating={r.rating} />
                        <Quote aria-hidden className="h-7 w-7 text-reef-100" />
                      </div>
                      <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                        <p>{r.content}</p>
                      </blockquote>
                      {r.image ? (
                        <Img
                          src={r.image}
                          alt={`From the trip of ${r.customer_name}`}
                          sizes="(min-width: 1024px) 22rem, (min-width: 768px) 45vw, 100vw"
                          className="mt-5 aspect-[4/3] w-full rounded-xl object-cover"
                          loading="lazy"
                        />
                      ) : null}
                      <footer className="mt-6 border-t border-slate-100 pt-5">
                        <div className="flex items-center gap-3">
                          <span
                            aria-hidden
                            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-ocean-900 text-sm font-semibold text-white"
                          >
                            {initials(r.customer_name)}
                          </span>
                          <div className="min-w-0">
                            <p className="font-semibold text-ocean-900">{r.customer_name}</p>
                            <p className="flex items-start gap-1 text-sm text-slate-500">
                              <MapPin aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                              <span>{r.location}</span>
                            </p>
                          </div>
                        </div>
                        <p className="mt-4 flex items-center gap-1.5 text-sm">
                          <Compass aria-hidden className="h-4 w-4 shrink-0 text-reef-600" />
                          <span className="sr-only">Adventure: </span>
                          {adv ? (
                            <Link
                              to={`/adventures/${adv.slug}`}
                              className="font-medium text-reef-700 underline-offset-2 hover:underline"
                            >
                              {r.adventure_title}
                            </Link>
                          ) : (
                            <span className="font-medium text-reef-700">{r.adventure_title}</span>
                          )}
                        </p>
                      </footer>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="leave-review" className="container-site py-14 sm:py-20">
        <div className="grid items-center gap-10 rounded-3xl bg-ocean-900 p-8 text-white sm:p-12 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="eyebrow text-reef-100">Been out with us?</p>
            <h2 id="leave-review" className="mt-3 text-3xl font-semibold text-white">
              Tell us about your adventure
            </h2>
            <p className="mt-4 max-w-xl leading-relaxed text-ocean-100">
              We'd love to hear how your trip went. Email us your review, or leave one on our social pages,
              and we'll share our favourites here. {site.guideName} reads every single one.
            </p>
          </div>
          <div className="flex flex-col gap-4 lg:items-end">
            {site.email && (
              <a
                href={`mailto:${site.email}?subject=${encodeURIComponent("My review")}`}
                className="btn-primary w-full sm:w-auto"
              >
                <Mail aria-hidden className="h-4 w-4" />
                Email your review
              </a>
            )}
            <SocialLinks
              site={site}
              networks={["facebook", "instagram", "youtube"]}
              linkLabel={(network) => `Review ${site.title} on ${network}`}
              className="flex justify-center gap-3 lg:justify-end"
              linkClassName="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/15 transition-colors hover:bg-coral-600"
            />
          </div>
        </div>
        <div className="mt-12 text-center">
          <h2 className="text-2xl font-semibold sm:text-3xl">Ready to write your own story?</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-600">
            Small groups, all gear included and a guide who knows every rock and reef.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/adventures" className="btn-secondary">
              Explore adventures
            </Link>
            <Link to="/book" className="btn-primary">
              Book now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

import { Compass, MapPin, MessageSquareQuote, Quote } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { PublicTestimonial } from "../../server/domain/content/testimonials.server.ts";
import { prettifyAdventureType } from "../lib/adventure-type";
import { submitOnChange } from "../lib/early-controls";
import { useHydrated } from "../lib/hydrated";
import { Img } from "./Img";
import { Stars } from "./Stars";

const ALL = "all";

type Review = Pick<
  PublicTestimonial,
  "id" | "customer_name" | "content" | "rating" | "adventure_type" | "adventure_title" | "location" | "image"
>;

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}]/u.test(w));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? words[words.length - 1][0] : "";
  return (first + last).toUpperCase() || "?";
}

/**
 * /reviews' filter by adventure, count, empty state and grid. The filter is a
 * GET form (`?adventure=`, which the server renders filtered): before the
 * page's scripts run, choosing an adventure submits it (lib/early-controls.ts;
 * an Apply button without JavaScript); with them it filters in place and the
 * address follows.
 */
export function ReviewList({
  reviews,
  adventures,
  initialAdventure,
}: {
  reviews: Review[];
  /** Titles for the filter and links to the adventures. */
  adventures: { id: string; slug: string; title: string }[];
  initialAdventure: string;
}) {
  const [adventure, setAdventure] = useState(initialAdventure || ALL);
  const hydrated = useHydrated();
  const selectId = useId();
  const formId = useId();

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

  return (
    <>
      <form
        id={formId}
        method="get"
        action="/reviews"
        {...submitOnChange(hydrated)}
        className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/80 sm:flex-row sm:items-end sm:justify-between sm:p-5"
      >
        <div className="w-full sm:max-w-sm">
          <label htmlFor={selectId} className="field-label">
            Filter by adventure
          </label>
          <select
            id={selectId}
            name="adventure"
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
        <noscript>
          <button type="submit" className="btn-teal">
            Apply filter
          </button>
        </noscript>
        <p
          aria-live="polite"
          className="text-sm font-medium text-slate-600 sm:pb-3"
          data-testid="reviews-count"
        >
          {`${shown.length} ${shown.length === 1 ? "review" : "reviews"}`}
        </p>
      </form>

      {shown.length === 0 ? (
        <div className="mx-auto mt-8 max-w-md rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <MessageSquareQuote aria-hidden className="mx-auto h-10 w-10 text-reef-600" />
          <p className="mt-4 font-display text-xl font-semibold text-ocean-900">No reviews found</p>
          <p className="mt-2 text-slate-600">
            Nobody has reviewed this adventure yet. Have a look at what others said about our other trips.
          </p>
          <button
            type="submit"
            form={formId}
            name="adventure"
            value={ALL}
            className="btn-secondary mt-6"
            onClick={(e) => {
              e.preventDefault();
              choose(ALL);
            }}
          >
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
    </>
  );
}
